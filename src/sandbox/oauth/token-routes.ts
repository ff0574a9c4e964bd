import express, { type ErrorRequestHandler, type Request, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { StoreUnavailableError } from '../../errors.js';
import { bodyParserError, OAuthError } from '../errors.js';
import { firstIssue, singleValued } from '../params.js';
import { authenticateClient, type SandboxClient } from './clients.js';
import type { GrantStore, TokenResponse } from './grants.js';
import { CODE_VERIFIER } from './pkce.js';
import { parseScope } from './scopes.js';

const secret = z.string().min(1).max(512);
const codeParams = z.object({
  code: secret,
  redirect_uri: z.string().min(1).max(2048),
  code_verifier: z.string().regex(CODE_VERIFIER, 'must be 43–128 unreserved characters'),
});
const refreshParams = z.object({ refresh_token: secret, scope: z.string().max(200).optional() });
const revokeParams = z.object({ token: secret, token_type_hint: z.string().max(50).optional() });

function parse<S extends z.ZodType>(schema: S, params: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw new OAuthError('invalid_request', firstIssue(result.error, params).message);
  return result.data;
}

/** RFC 6749 §3.2: a form body, each parameter at most once. */
function formParams(req: Request): Record<string, string> {
  if (!req.is('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const params = singleValued(req.body);
  if ('repeated' in params) {
    throw new OAuthError('invalid_request', `The parameter ${params.repeated} must be given once.`);
  }
  return params.values;
}

function requestedScope(raw: string | undefined) {
  if (!raw) return undefined;
  const scope = parseScope(raw);
  if (!scope || scope.length === 0) throw new OAuthError('invalid_scope', 'The scope is unknown.');
  return scope;
}

/** The token endpoint (RFC 6749 §3.2) and the revocation endpoint (RFC 7009), mounted at /oauth. */
export function createTokenRoutes(deps: {
  clients: SandboxClient[];
  grants: GrantStore;
  log: Logger;
}): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '20kb' });

  router.post('/token', form, async (req, res) => {
    const params = formParams(req);
    const client = authenticateClient(req, params, deps.clients);
    let tokens: TokenResponse;
    if (params.grant_type === 'authorization_code') {
      const p = parse(codeParams, params);
      tokens = await deps.grants.redeemCode(p.code, client.id, p.redirect_uri, p.code_verifier);
    } else if (params.grant_type === 'refresh_token') {
      const p = parse(refreshParams, params);
      tokens = await deps.grants.refresh(p.refresh_token, client.id, requestedScope(p.scope));
    } else if (params.grant_type === undefined) {
      throw new OAuthError('invalid_request', 'Missing required parameter: grant_type.');
    } else {
      throw new OAuthError('unsupported_grant_type', 'Use authorization_code or refresh_token.');
    }
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(tokens);
  });

  router.post('/revoke', form, async (req, res) => {
    const params = formParams(req);
    const client = authenticateClient(req, params, deps.clients);
    const { token, token_type_hint } = parse(revokeParams, params);
    await deps.grants.revoke(token, client.id, token_type_hint);
    res.set('Cache-Control', 'no-store').status(200).end();
  });

  router.use(oauthErrors(deps.log));
  return router;
}

function oauthErrors(log: Logger): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    if (err instanceof StoreUnavailableError) {
      res.status(503).set('Retry-After', '1').json({ error: 'temporarily_unavailable' });
      return;
    }
    const known =
      err instanceof OAuthError
        ? err
        : bodyParserError(err)
          ? new OAuthError('invalid_request', 'The body could not be read.')
          : undefined;
    if (!known) {
      log.error({ err }, 'sandbox: token endpoint failed');
      res.status(500).json({ error: 'server_error' });
      return;
    }
    if (known.error === 'invalid_client') res.status(401).set('WWW-Authenticate', 'Basic realm="sandbox"');
    else res.status(400);
    res.json({ error: known.error, error_description: known.description });
  };
}

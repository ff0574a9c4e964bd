import { randomToken } from '../../ids.js';
import type { Kv } from '../../store/kv.js';
import type { SandboxKeys } from '../keys.js';
import type { AuthorizationRequest } from './authorization-request.js';

const LIFETIME_MS = 10 * 60_000;
const ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Validated authorization requests waiting for the user's answer. The consent form carries only the
 * random id, so nobody can forge or alter a request; answering consumes it.
 */
export class PendingAuthorizations {
  constructor(
    private readonly kv: Kv,
    private readonly k: SandboxKeys,
  ) {}

  async create(request: AuthorizationRequest): Promise<string> {
    const id = randomToken(16);
    await this.kv.set(this.k.authorizationRequest(id), JSON.stringify(request), { ttlMs: LIFETIME_MS });
    return id;
  }

  /** Reads without consuming, so a form with a mistake can be shown again under the same id. */
  async peek(id: string): Promise<AuthorizationRequest | null> {
    if (!ID.test(id)) return null;
    const raw = await this.kv.get(this.k.authorizationRequest(id));
    return raw ? (JSON.parse(raw) as AuthorizationRequest) : null;
  }

  /** Exactly one caller gets the request. */
  async consume(id: string): Promise<boolean> {
    return ID.test(id) && (await this.kv.getdel(this.k.authorizationRequest(id))) !== null;
  }
}

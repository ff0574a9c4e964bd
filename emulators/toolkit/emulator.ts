import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Controls, type ControlTarget, controlRoutes, injectFaults, recordCalls } from './controls.js';
import { OAuthServer } from './oauth.js';

export interface EmulatorOptions {
  clientId: string;
  clientSecret: string;
  /** Access token lifetime in seconds (before any long-lived exchange). */
  accessTokenTtl: number;
  /** Where the emulator listens (for the full URLs some platforms put in their answers). */
  baseUrl: string;
}

/** A platform emulator: its routes, its authorization server, its faults and seeding. */
export interface Emulator extends ControlTarget {
  name: string;
  router: express.Router;
  /** The platform's own test controls under `/_emulator/` (Microsoft's report polls), beside the shared ones. */
  controlRouter?: express.Router;
}

export interface EmulatorDefinition {
  name: string;
  /** Whether the platform issues refresh tokens. */
  refreshTokens: boolean;
  /** Whether each refresh answers a new refresh token, the earlier ones still valid. */
  rotateRefreshTokens?: boolean;
  /** The platform's access token lifetime in seconds, where it documents one (default 3600). */
  accessTokenTtl?: number;
  /** Builds the routes and the seeded state of one emulator instance. */
  create(context: {
    options: EmulatorOptions;
    oauth: OAuthServer;
    controls: Controls;
  }): Omit<Emulator, 'oauth' | 'controls' | 'name'>;
}

export interface RunningEmulator extends Emulator {
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_CLIENT = { clientId: 'emulator-client', clientSecret: 'emulator-secret' };

/** Starts an emulator on 127.0.0.1 (port 0: any free port). */
export async function startEmulator(
  definition: EmulatorDefinition,
  options: Partial<Omit<EmulatorOptions, 'baseUrl'>> & { port?: number; host?: string } = {},
): Promise<RunningEmulator> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const full: EmulatorOptions = {
    clientId: options.clientId ?? DEFAULT_CLIENT.clientId,
    clientSecret: options.clientSecret ?? DEFAULT_CLIENT.clientSecret,
    accessTokenTtl: options.accessTokenTtl ?? definition.accessTokenTtl ?? 3600,
    baseUrl: `http://${!options.host || options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
  };
  const oauth = new OAuthServer({
    ...full,
    refreshTokens: definition.refreshTokens,
    rotateRefreshTokens: definition.rotateRefreshTokens ?? false,
  });
  const controls = new Controls();
  const built = definition.create({ options: full, oauth, controls });
  const emulator: Emulator = { ...built, name: definition.name, oauth, controls };
  const app = express();
  app.disable('x-powered-by');
  app.use(controlRoutes(emulator));
  if (built.controlRouter) app.use(built.controlRouter);
  app.use(recordCalls(controls));
  app.use(injectFaults(controls));
  app.use(built.router);
  app.use((_req, res) => {
    res.status(404).json({ error: `no such path on the ${definition.name} emulator` });
  });
  server.on('request', app);
  return {
    ...emulator,
    url: full.baseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

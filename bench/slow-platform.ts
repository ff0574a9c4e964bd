import { Router } from 'express';
import { type EmulatorDefinition, startEmulator } from '../emulators/toolkit/emulator.js';
import { SLOW_PLATFORM_TOKEN } from './slow-platform-token.js';

/**
 * S6's platform: TikTok's ad-group listing, answered after a fixed delay. Every advertiser has no ad
 * groups, so listing one ad account is exactly one call (TikTok's adapter asks nothing more), and the
 * time of a live read over many accounts measures adlink's fan-out alone.
 */
function slowTikTok(delayMs: number): EmulatorDefinition {
  return {
    name: 'slow TikTok',
    refreshTokens: false,
    create() {
      const router = Router();
      router.get('/open_api/:version/adgroup/get/', (req, res) => {
        const authorized = req.get('access-token') === SLOW_PLATFORM_TOKEN;
        setTimeout(() => {
          res.json(
            authorized
              ? {
                  code: 0,
                  message: 'OK',
                  data: { list: [], page_info: { page: 1, page_size: 1000, total_number: 0, total_page: 1 } },
                }
              : { code: 40105, message: 'Access token is invalid', data: {} },
          );
        }, delayMs);
      });
      return {
        router,
        seedAdSets: () => {
          throw new Error('the slow platform holds no ad sets');
        },
      };
    },
  };
}

const delayMs = Number(process.env.PLATFORM_DELAY_MS ?? 50);
const emulator = await startEmulator(slowTikTok(delayMs), { port: Number(process.env.PORT ?? 0) });
console.log(`slow platform ready at ${emulator.url}`);

import { type Request, type Response, Router } from 'express';
import { type EmulatorDefinition, startEmulator } from '../emulators/toolkit/emulator.js';
import { SLOW_PLATFORM_TOKEN } from './slow-platform-token.js';

/**
 * S6's and R2's platform: TikTok's ad-group and ad listings, integrated report and advertiser info,
 * answered after a fixed delay. Every advertiser has no ad groups, no ads and no delivery, so listing
 * one ad account is exactly one call (its ads are read once, into the cache), and reporting on it one
 * call plus the advertiser info that describes every account at once: the time of a live read or a
 * cold report over many accounts measures adlink's fan-out alone.
 */
function slowTikTok(delayMs: number): EmulatorDefinition {
  return {
    name: 'slow TikTok',
    refreshTokens: false,
    create() {
      const router = Router();
      /** Answers `data` after the delay, or TikTok's refusal of a token that is not the bench's. */
      const slowly = (data: (req: Request) => object) => (req: Request, res: Response) => {
        const authorized = req.get('access-token') === SLOW_PLATFORM_TOKEN;
        setTimeout(() => {
          res.json(
            authorized
              ? { code: 0, message: 'OK', data: data(req) }
              : { code: 40105, message: 'Access token is invalid', data: {} },
          );
        }, delayMs);
      };
      const emptyPage = () => ({
        list: [],
        page_info: { page: 1, page_size: 1000, total_number: 0, total_page: 1 },
      });
      router.get('/open_api/:version/adgroup/get/', slowly(emptyPage));
      // An ad-set list also fills the ads' cache once (api/adsets.ts): there are none either.
      router.get('/open_api/:version/ad/get/', slowly(emptyPage));
      // R2's cold report: the advertiser's currency and zone, and a report without delivery (one page).
      router.get('/open_api/:version/report/integrated/get/', slowly(emptyPage));
      router.get(
        '/open_api/:version/advertiser/info/',
        slowly((req) => ({
          list: (String(req.query.advertiser_ids).match(/\d+/g) ?? []).map((id) => ({
            advertiser_id: id,
            currency: 'EUR',
            timezone: 'Europe/Berlin',
          })),
        })),
      );
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

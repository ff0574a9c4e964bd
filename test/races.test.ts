import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapBounded } from '../src/map-bounded.js';
import { AdSetClient } from './support/adsets-client.js';
import {
  type Company,
  connectSandbox,
  enter,
  newCustomer,
  newLink,
  redeem,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

/**
 * What must hold when requests race: a link redeemed by several browsers at once has exactly one
 * winner, a token refresh racing a disconnect or a customer delete never writes a connection back, and
 * an access token revoked while requests with it run is refused by every request sent after the
 * revocation answered.
 */

const REDEMPTION_ROUNDS = 1_000;
const REVOCATION_ROUNDS = 40;
const REQUESTS_AT_ONCE = 8;

describe('races', () => {
  let h: Harness;
  let company: Company;
  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Race Co');
  });
  afterAll(() => h.close());

  it(`double redemption, ${REDEMPTION_ROUNDS} times: exactly one browser wins each link`, async () => {
    const customer = await newCustomer(h, company);
    let races = 0;
    await mapBounded(
      Array.from({ length: REDEMPTION_ROUNDS }, (_, i) => i),
      8,
      async (round) => {
        const link = await newLink(h, company, customer);
        const browsers = Array.from({ length: 2 + (round % 3) }, () => new FlowClient(h.baseUrl));
        const answers = await Promise.all(browsers.map((b) => redeem(b, link)));
        const winners = answers.filter((a) => a.status === 303 && location(a) === '/connections');
        expect(winners, `round ${round}`).toHaveLength(1);
        for (const loser of answers.filter((a) => !winners.includes(a))) expect(loser.status).toBe(410);
        await Promise.all(answers.map((a) => a.arrayBuffer()));
        races++;
      },
    );
    console.log(`races: ${races} double redemptions, one winner each`);
    expect(races).toBe(REDEMPTION_ROUNDS);
  }, 300_000);

  it('a refresh racing a disconnect or a customer delete never brings the connection back', async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 24; round++) {
      const customer = await newCustomer(h, company, `Refresh racer ${round}`);
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, (await newLink(h, company, customer)).connect_url);
      await connectSandbox(h, browser);
      const api = new AdSetClient(h, company, customer);
      // The stored access token is made stale so the live read must refresh it.
      const credentials = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;
      await h.store.connections.saveCredentials(company.id, customer, 'sandbox', {
        ...credentials,
        expires_at: Math.floor(Date.now() / 1000) - 1,
      });
      const end =
        round % 2 === 0
          ? () =>
              h.http.delete(`/customers/${customer}/connections/sandbox`).set('Authorization', company.auth)
          : () => h.http.delete(`/customers/${customer}`).set('Authorization', company.auth);
      const [read, ended] = await Promise.all([
        api.list({ dismissDatabase: true }),
        new Promise((r) => setTimeout(r, round % 6)).then(end),
      ]);
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      expect(read.status).toBeLessThan(500);
      const key = `${round % 2 === 0 ? 'disconnect' : 'delete'}:${read.status}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      expect(await h.store.connections.get(company.id, customer, 'sandbox'), `round ${round}`).toBeNull();
      const left: string[] = [];
      for await (const k of h.store.kv.scan(h.prefix)) if (k.includes(`conn:${customer}`)) left.push(k);
      expect(left).toEqual([]);
    }
    console.log(`races: refresh vs disconnect/delete outcomes ${JSON.stringify(outcomes)}`);
  }, 120_000);

  it(`an access token revoked on one instance while ${REQUESTS_AT_ONCE} requests with it run on two, ${REVOCATION_ROUNDS} times: none sent after the revocation answered succeeds`, async () => {
    // Requests after the revocation fail authentication: far more than the default budget per address.
    const env = { AUTH_FAILURE_LIMIT: '100000' };
    const a = await startHarness({ env });
    const b = await startHarness({ env, prefix: a.prefix });
    const tally = { before: { succeeded: 0, refused: 0 }, after: 0 };
    try {
      for (let round = 0; round < REVOCATION_ROUNDS; round++) {
        const owner = await a.company(`Revoker ${round}`);
        const { id: customer } = await a.store.customers.create(owner.id, 'Shop');
        const issued = await a.http
          .post(`/customers/${customer}/access_tokens`)
          .set('Authorization', owner.auth)
          .send({ scope: round % 2 ? 'read' : 'write' });
        expect(issued.status).toBe(201);
        const auth = `Bearer ${issued.body.token}`;
        const paths = [`/customers/${customer}`, `/customers/${customer}/connections`, '/connect/attempts'];
        // The revocation goes out once this many requests answered (1–12, by round).
        const revokeAfter = 1 + (round % 12);
        let answered = false;
        let completed = 0;
        let revocation: Promise<void> | undefined;
        const results: { sentAfterRevocation: boolean; status: number }[] = [];
        const requests = async (worker: number) => {
          for (let i = 0, late = 0; late < 3; i++) {
            const sentAfterRevocation = answered;
            const instance = (worker + i) % 2 ? b : a;
            const res = await instance.http
              .get(paths[(worker + i) % paths.length]!)
              .set('Authorization', auth);
            results.push({ sentAfterRevocation, status: res.status });
            if (sentAfterRevocation) late++;
            if (++completed === revokeAfter) {
              revocation = a.http
                .delete(`/customers/${customer}/access_tokens/${issued.body.id}`)
                .set('Authorization', owner.auth)
                .then((res) => {
                  expect(res.status).toBe(200);
                  answered = true;
                });
            }
          }
        };
        await Promise.all(Array.from({ length: REQUESTS_AT_ONCE }, (_, worker) => requests(worker)));
        await revocation;
        for (const { sentAfterRevocation, status } of results) {
          if (sentAfterRevocation) {
            expect(status, `round ${round}`).toBe(401);
            tally.after++;
          } else {
            expect([200, 401], `round ${round}`).toContain(status);
            tally.before[status === 200 ? 'succeeded' : 'refused']++;
          }
        }
      }
    } finally {
      await b.close();
      await a.close();
    }
    console.log(`races: access token revocation ${JSON.stringify(tally)}`);
    expect(tally.after).toBeGreaterThanOrEqual(REVOCATION_ROUNDS * REQUESTS_AT_ONCE * 3);
  }, 120_000);
});

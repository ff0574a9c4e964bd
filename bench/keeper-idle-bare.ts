import { Redis } from 'ioredis';

/**
 * Keeper idle's baseline, in a process of its own: node and ioredis alone doing what an idle keeper
 * does on the lease holder each tick, two reads of a sorted set sent together (the schedule and the
 * review watch), or nothing with BARE_READS=0.
 */
const reads = Number(process.env.BARE_READS);
const key = process.env.BARE_KEY ?? 'bench:bare';
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
await redis.ping();
setInterval(async () => {
  const tick = Array.from({ length: reads }, (_, i) =>
    redis.zrangebylex(`${key}:${i}`, '-', '+', 'LIMIT', 0, 200),
  );
  await Promise.all(tick);
}, Number(process.env.BARE_INTERVAL_MS));
console.log('bare ready');

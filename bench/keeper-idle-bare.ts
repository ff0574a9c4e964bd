import { Redis } from 'ioredis';

/**
 * Keeper idle's baseline, in a process of its own: node and ioredis alone doing what an idle keeper
 * does on the lease holder each tick, two reads of a sorted set (the schedule and the review watch),
 * or nothing with BARE_READS=0.
 */
const reads = Number(process.env.BARE_READS);
const key = process.env.BARE_KEY ?? 'bench:bare';
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
await redis.ping();
setInterval(async () => {
  for (let i = 0; i < reads; i++) await redis.zrangebylex(`${key}:${i}`, '-', '+', 'LIMIT', 0, 200);
}, Number(process.env.BARE_INTERVAL_MS));
console.log('bare ready');

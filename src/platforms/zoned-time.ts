/** The time-zone helpers live in `domain/zoned-time.ts`; the sandbox's server imports them from here. */
export { instantAt, wallClock, zonedTime } from '../domain/zoned-time.js';

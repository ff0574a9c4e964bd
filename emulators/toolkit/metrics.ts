/** The deterministic ad-day metrics the emulators report: the sandbox's own generator, shared. */
export { adDayMetrics, type DayMetrics, daysBetween } from '../../src/platforms/sandbox/ad-day-metrics.js';

/** Gives a taken slot back. */
export type Release = () => void;

interface Company {
  /** When each running delivery took its slot (epoch ms). */
  running: number[];
  /** Jobs waiting for a slot, first come first served. */
  waiting: ((release: Release) => void)[];
}

/**
 * How many of one company's deliveries this instance sends at once. When all of its slots are taken, a
 * job waits for one only while the company's oldest running send is younger than `patienceMs` (its
 * endpoints answer quickly, so a slot frees soon); then, and at once for a company whose sends take
 * longer, it gets none and steps aside (deferred by the queue). So a company whose endpoints hang
 * holds at most `limit` of the worker's slots, whatever it queues, once its sends have hung for
 * `patienceMs`.
 */
export class CompanySlots {
  private readonly companies = new Map<string, Company>();

  constructor(
    private readonly limit: number,
    private readonly patienceMs: number,
  ) {}

  /** A slot of the company's (call the release when done), or null when none came in time. */
  take(company: string): Promise<Release | null> {
    const state = this.companies.get(company) ?? { running: [], waiting: [] };
    this.companies.set(company, state);
    if (state.running.length < this.limit) return Promise.resolve(this.occupy(company, state));
    const left = Math.min(...state.running) + this.patienceMs - Date.now();
    if (left <= 0) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = (release: Release) => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = setTimeout(() => {
        state.waiting.splice(state.waiting.indexOf(waiter), 1);
        resolve(null);
      }, left);
      state.waiting.push(waiter);
    });
  }

  private occupy(company: string, state: Company): Release {
    const takenAt = Date.now();
    state.running.push(takenAt);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.running.splice(state.running.indexOf(takenAt), 1);
      const next = state.waiting.shift();
      if (next) next(this.occupy(company, state));
      else if (state.running.length === 0) this.companies.delete(company);
    };
  }
}

/**
 * Work a request started that goes on after its answer (an audience members job): tracked, so that
 * a process shutting down waits for it instead of cutting it off (server.ts).
 */
export class InFlight {
  private readonly running = new Set<Promise<void>>();

  /** Runs `work` in the background; its failure is its own to handle (it is not awaited by anyone else). */
  track(work: Promise<void>): void {
    const tracked = work.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    tracked.catch(() => {});
  }

  /** Resolves once nothing is in flight, work started meanwhile included. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/**
 * How many of one company's deliveries this instance sends at once: a company whose endpoints hang
 * holds at most `limit` of the worker's slots, whatever it queues. Taking never waits.
 */
export class CompanySlots {
  private readonly taken = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Takes a slot of the company's; false when all of them are taken. */
  take(company: string): boolean {
    const count = this.taken.get(company) ?? 0;
    if (count >= this.limit) return false;
    this.taken.set(company, count + 1);
    return true;
  }

  release(company: string): void {
    const count = (this.taken.get(company) ?? 1) - 1;
    if (count > 0) this.taken.set(company, count);
    else this.taken.delete(company);
  }
}

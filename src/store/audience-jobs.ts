import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

/** How long a members upload's progress can be read after it was started. */
const JOB_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What the store keeps of a job: its JSON, and whose it is. */
export interface StoredJob {
  id: string;
  customer: string;
  platform: string;
}

/** Members uploads that answered 202: their progress, kept a week. */
export class AudienceJobStore<Job extends StoredJob = StoredJob> {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  async save(company: string, job: Job): Promise<void> {
    await this.kv.set(this.k.audienceJob(company, job.id), JSON.stringify(job), { ttlMs: JOB_TTL_MS });
  }

  async get(company: string, id: string): Promise<Job | null> {
    const raw = await this.kv.get(this.k.audienceJob(company, id));
    return raw ? (JSON.parse(raw) as Job) : null;
  }
}

import type { Logger } from 'pino';
import type { ConnectionRef } from '../connections/access-tokens.js';
import type { ConnectionCalls } from '../connections/connection-calls.js';
import { AppError } from '../errors.js';
import { randomToken } from '../ids.js';
import type { InFlight } from '../in-flight.js';
import { mapBounded } from '../map-bounded.js';
import type { Platforms } from '../ports/platforms.js';
import type { AudienceJobStore } from '../store/audience-jobs.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import { batches, hashMembers, type MemberInput } from './members.js';
import type { Audience, AudienceChanges, HashedMembers, MembersOutcome, NewAudience } from './model.js';
import type { AudienceAdapter } from './port.js';

/** Batches an upload sends while the request waits; more are a job (202). */
const BATCHES_IN_REQUEST = 2;

/** A members upload that answered 202, as `GET …/jobs/:job` shows it (counts only). */
export interface AudienceJob {
  id: string;
  customer: string;
  platform: string;
  audience: string;
  action: 'add' | 'remove';
  status: 'Running' | 'Succeeded' | 'Failed';
  received: number;
  accepted: number;
  invalid: MembersOutcome['invalid'];
  /** Members sent so far. */
  sent: number;
  error: { code: string; message: string } | null;
  createdAt: string;
  updatedAt: string;
}

const notFound = (id: string) =>
  new AppError('audience_not_found', `No such audience: ${id}.`, { param: 'id' });

/**
 * Customer-list audiences of one customer on one platform, read live (their size and status change
 * while the platform matches). Members are normalized and hashed in memory and sent in the
 * platform's batches; nothing of a member is kept, logged or put in an event.
 */
export class AudienceService {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly calls: ConnectionCalls,
    private readonly fanOut: number,
    private readonly log: Logger,
    /** Where the jobs that outlive their request run: the process waits for them when it stops. */
    private readonly inFlight: InFlight,
  ) {}

  private get jobs() {
    return this.store.audienceJobs as AudienceJobStore<AudienceJob>;
  }

  /** The platform's audience adapter, or 400 unsupported_for_platform naming the platform. */
  private adapter(ref: ConnectionRef): AudienceAdapter {
    const { audiences } = this.platforms.adapter(ref.platform);
    if (!audiences) {
      throw new AppError('unsupported_for_platform', `adlink has no customer lists on ${ref.platform} yet.`, {
        param: 'platform',
      });
    }
    return audiences;
  }

  /** One of the connection's chosen ad accounts, or 400 naming `advertiser`. */
  private async account(ref: ConnectionRef, advertiser: string): Promise<AdAccount> {
    const account = (await this.calls.advertisers(ref)).find((a) => a.id === advertiser);
    if (!account) {
      throw new AppError(
        'invalid_request',
        `"${advertiser}" is not one of the customer's connected ad accounts.`,
        {
          param: 'advertiser',
        },
      );
    }
    return account;
  }

  /** Every audience of the chosen accounts (or of one), ordered by id. */
  async list(ref: ConnectionRef, advertiser?: string): Promise<Audience[]> {
    const audiences = this.adapter(ref);
    const accounts =
      advertiser === undefined ? await this.calls.advertisers(ref) : [await this.account(ref, advertiser)];
    const perAccount = await this.calls.call(ref, (_adapter, call) =>
      mapBounded(accounts, this.fanOut, (account) => audiences.list(call, account)),
    );
    return perAccount.flat().sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  async get(ref: ConnectionRef, id: string): Promise<Audience> {
    const audiences = this.adapter(ref);
    const accounts = await this.calls.advertisers(ref);
    const audience = await this.calls.call(ref, (_adapter, call) => audiences.get(call, id));
    if (!audience || !accounts.some((a) => a.id === audience.advertiser)) throw notFound(id);
    return audience;
  }

  async create(ref: ConnectionRef, input: NewAudience): Promise<Audience> {
    const audiences = this.adapter(ref);
    const account = await this.account(ref, input.advertiser);
    return this.calls.call(ref, (_adapter, call) => audiences.create(call, input, account), account.id);
  }

  async update(ref: ConnectionRef, id: string, changes: AudienceChanges): Promise<Audience> {
    const audiences = this.adapter(ref);
    const audience = await this.get(ref, id);
    return this.calls.call(
      ref,
      (_adapter, call) => audiences.update(call, audience, changes),
      audience.advertiser,
    );
  }

  async delete(ref: ConnectionRef, id: string): Promise<Audience> {
    const audiences = this.adapter(ref);
    const audience = await this.get(ref, id);
    await this.calls.call(ref, (_adapter, call) => audiences.delete(call, audience), audience.advertiser);
    return audience;
  }

  /**
   * Adds (or removes) members: hashed now, sent in the platform's batches. A small upload is sent
   * while the request waits (the outcome); a larger one becomes a job sent in the background
   * (`{job}`, read with `job`). Nothing is sent when no entry is valid.
   */
  async changeMembers(
    ref: ConnectionRef,
    id: string,
    input: MemberInput,
    action: 'add' | 'remove',
  ): Promise<{ outcome: MembersOutcome } | { job: AudienceJob }> {
    const audiences = this.adapter(ref);
    const { batchSize } = audiences.capabilities;
    const { hashed, invalid, received } = hashMembers(input, audiences.capabilities);
    const audience = await this.get(ref, id);
    const parts = batches(hashed, batchSize);
    const accepted = hashed.emails.length + hashed.phones.length;
    if (parts.length <= BATCHES_IN_REQUEST) {
      for (const part of parts) await this.send(ref, audiences, audience, part, action);
      return { outcome: { received, accepted, invalid } };
    }
    const now = new Date().toISOString();
    const job: AudienceJob = {
      id: `job_${randomToken(12)}`,
      customer: ref.customer,
      platform: ref.platform,
      audience: audience.id,
      action,
      status: 'Running',
      received,
      accepted,
      invalid,
      sent: 0,
      error: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.jobs.save(ref.company, job);
    this.inFlight.track(this.run(ref, audiences, audience, parts, job));
    return { job };
  }

  private send(
    ref: ConnectionRef,
    audiences: AudienceAdapter,
    audience: Audience,
    part: HashedMembers,
    action: 'add' | 'remove',
  ) {
    return this.calls.call(
      ref,
      (_adapter, call) => audiences.changeMembers(call, audience, part, action === 'remove'),
      audience.advertiser,
    );
  }

  /** Sends a job's batches one after the other, saving its progress after each. */
  private async run(
    ref: ConnectionRef,
    audiences: AudienceAdapter,
    audience: Audience,
    parts: HashedMembers[],
    job: AudienceJob,
  ): Promise<void> {
    const progress = async (changes: Partial<AudienceJob>) => {
      Object.assign(job, changes, { updatedAt: new Date().toISOString() });
      await this.jobs.save(ref.company, job);
    };
    try {
      for (const part of parts) {
        await this.send(ref, audiences, audience, part, job.action);
        await progress({ sent: job.sent + part.emails.length + part.phones.length });
      }
      await progress({ status: 'Succeeded' });
    } catch (err) {
      const error =
        err instanceof AppError
          ? { code: err.code, message: err.message }
          : { code: 'internal_error', message: 'The upload failed; the members sent so far stay.' };
      if (!(err instanceof AppError)) this.log.error({ err, job: job.id }, 'audience members job failed');
      await progress({ status: 'Failed', error }).catch(() => {});
    }
  }

  async job(ref: ConnectionRef, audienceId: string, jobId: string): Promise<AudienceJob> {
    const job = /^job_[A-Za-z0-9_-]{1,40}$/.test(jobId) ? await this.jobs.get(ref.company, jobId) : null;
    if (
      !job ||
      job.customer !== ref.customer ||
      job.platform !== ref.platform ||
      job.audience !== audienceId
    ) {
      throw new AppError('audience_job_not_found', `No such job: ${jobId}.`, { param: 'job' });
    }
    return job;
  }
}

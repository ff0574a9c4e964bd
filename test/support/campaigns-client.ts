import type { Company } from './connect-helpers.js';
import type { Harness } from './harness.js';

type Query = Record<string, string | number | boolean>;

export interface CampaignBody {
  id: string;
  name: string;
  platform: string;
  status: string;
  advertiser: string;
  objective: string | null;
  channelKind: string | null;
  settings: Record<string, unknown>[];
}

/** The vendor's side of `/v1/:platform/campaigns`: one company acting for one customer. */
export class CampaignClient {
  constructor(
    private readonly h: Harness,
    readonly company: Company,
    readonly customer: string,
    readonly platform = 'sandbox',
  ) {}

  private path(id?: string) {
    return `/v1/${this.platform}/campaigns${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
  }

  list(query: Query = {}) {
    return this.h.http
      .get(this.path())
      .query({ customer: this.customer, ...query })
      .set('Authorization', this.company.auth);
  }

  get(id: string, query: Query = {}) {
    return this.h.http
      .get(this.path(id))
      .query({ customer: this.customer, ...query })
      .set('Authorization', this.company.auth);
  }

  create(body: object, headers: Record<string, string> = {}) {
    return this.h.http
      .post(this.path())
      .query({ customer: this.customer })
      .set('Authorization', this.company.auth)
      .set(headers)
      .send(body);
  }

  put(id: string, body: object) {
    return this.h.http
      .put(this.path(id))
      .query({ customer: this.customer })
      .set('Authorization', this.company.auth)
      .send(body);
  }

  delete(id: string) {
    return this.h.http
      .delete(this.path(id))
      .query({ customer: this.customer })
      .set('Authorization', this.company.auth);
  }
}

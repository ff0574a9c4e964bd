import { z } from 'zod';
import { CHANNELS, OBJECTIVES } from '../../platforms/sandbox/model.js';
import { budget, text, time } from './adset-input.js';

export const createCampaignBody = z.strictObject({
  name: text(200),
  objective: z.enum(OBJECTIVES, { error: `must be one of ${OBJECTIVES.join(', ')}` }),
  channel: z.enum(CHANNELS),
  status: z.enum(['ACTIVE', 'PAUSED']).default('PAUSED'),
  budget: budget.optional(),
  start_time: time.optional(),
  end_time: time.optional(),
});

/** What PATCH changes: the fields given; `end_time: null` removes the end. Objective and channel are fixed. */
export const updateCampaignBody = z.strictObject({
  name: text(200).optional(),
  status: z.enum(['ACTIVE', 'PAUSED', 'ARCHIVED']).optional(),
  budget: budget.optional(),
  start_time: time.optional(),
  end_time: time.nullable().optional(),
});

import { z } from 'zod';
import { FLYER_JOB_ID, SESSION_DAYS } from '../domain/flyer';

/** generate-flyer (spec §7): the speaker and the session day. */
export const ZFlyerRequest = z.object({
  speakerId: z.uuid({ error: 'speakerId must be a member id' }),
  sessionDay: z.enum(SESSION_DAYS, { error: 'sessionDay must be Monday, Wednesday or Friday' }),
});
export type TFlyerRequest = z.infer<typeof ZFlyerRequest>;

/** GET /api/flyers/:jobId parameters. */
export const ZFlyerJobParams = z.object({
  jobId: z.string().regex(FLYER_JOB_ID, 'jobId must be a flyer job id'),
});

/**
 * The Flyer response (spec §3: flyerUrl), with the job behind it: 200 when ready or failed, 202 while
 * the render is still queued or running (poll GET /api/flyers/:jobId or wait for `flyer:ready`).
 */
export const ZFlyerStatus = z.object({
  jobId: z.string(),
  speakerId: z.string(),
  /** The speaker profile version it was drawn for (users.updated_at in epoch ms). */
  profileVersion: z.string(),
  sessionDay: z.enum(SESSION_DAYS),
  status: z.enum(['pending', 'ready', 'failed']),
  /** The stored PNG (null until ready). */
  flyerUrl: z.string().nullable(),
  /** Same-origin download with the file name below as attachment. */
  downloadUrl: z.string().nullable(),
  fileName: z.string(),
  error: z.string().nullable(),
});
export type TFlyerStatus = z.infer<typeof ZFlyerStatus>;

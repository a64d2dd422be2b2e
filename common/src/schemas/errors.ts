import { z } from 'zod';

/** Every 4xx/5xx JSON answer has this shape; `fields` lists each invalid field's message on a 400. */
export const ZApiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

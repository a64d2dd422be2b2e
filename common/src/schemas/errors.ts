// zod/mini: the same schemas as classic zod (the API's type provider works on zod/v4/core), in a form the
// bundler can trim, so pages that only read the API's answers (the public ledger) do not ship all of zod.
import * as z from 'zod/mini';

/** Every 4xx/5xx JSON answer has this shape; `fields` lists each invalid field's message on a 400. */
export const ZApiError = z.object({
  statusCode: z.number().check(z.int()),
  error: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
  fields: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type TApiError = z.infer<typeof ZApiError>;

import { z } from 'zod';

/**
 * One API route as both sides see it: method, path (`:name` marks a path parameter) and the zod schemas of its
 * parameters, query, body and success answer. The API's route schema uses these same objects and the web's typed
 * client (web/src/lib/api.ts `call`) builds the URL and checks the answer with them, so a path or a shape is written once.
 */
export interface Contract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer (the 2xx status the route sends). */
  response: z.ZodType;
}

/** Declares a contract, keeping its literal path and exact schema types. */
export const contract = <const C extends Contract>(c: C): C => c;


/** `{ ok: true }`: the answer of calls that only succeed or fail. */
export const ZOk = z.object({ ok: z.literal(true) });

/** `{ message }`: the answer of calls whose outcome is a sentence for the person. */
export const ZMessage = z.object({ message: z.string() });

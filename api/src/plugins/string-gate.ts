import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unstorableReason } from '@app/common/domain/text';
import type { TApiError } from '@app/common/schemas/errors';

/** Where a request carries strings, named as the error shape names them. */
type Where = 'body' | 'query' | 'path' | 'headers';

/** A string that cannot be stored: the field's path (`items.0.name`, as validation errors name fields) and why. */
export interface Unstorable {
  field: string;
  reason: string;
}

/**
 * The first string in `value` (any depth: object keys, values, array items) that is NUL-bearing or holds an unpaired
 * UTF-16 surrogate, or null. Walked with an explicit stack, so a deeply nested body cannot overflow the call stack;
 * buffers and streams (raw webhook bodies, uploads) are bytes, not strings, and are left alone.
 */
export function findUnstorable(value: unknown): Unstorable | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const reason = unstorableReason(v);
      if (reason) return { field: path || '_', reason };
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v) || typeof (v as { pipe?: unknown }).pipe === 'function') continue;
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const at = path ? `${path}.${key}` : key;
      const reason = unstorableReason(key);
      if (reason) return { field: at, reason };
      stack.push([item, at]);
    }
  }
  return null;
}

/** The 400 answer for an unstorable string, in the API's one error shape, naming the field. */
export function unstorableError(req: FastifyRequest, where: Where, bad: Unstorable): TApiError {
  return { statusCode: 400, error: 'Bad Request', message: `Invalid ${where}: ${bad.field}: ${bad.reason}`, requestId: req.id, fields: { [bad.field]: [bad.reason] } };
}

/**
 * The one gate every string of every request passes (body, query, path parameters, headers), whatever zod type will
 * read it later (free text, URL, e-mail, enum, id): NUL and unpaired surrogates are refused with 400 naming the field.
 * Postgres cannot store either, and a format check (url, email, a preprocess) may let one through or crash on it.
 *
 * A root preValidation hook rather than a wrapper around the zod validator compiler: it runs on every route of every
 * module registered after it, including routes with no schema for a part (no zod type to wrap) and headers no schema
 * reads but the audit log stores (user agent, forwarded address), and it sees the parsed values before any schema
 * (and any preprocess) does. Multipart parts are streamed by their handler, after this hook: it checks them with
 * findUnstorable as it reads them.
 */
export const stringGatePlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
      const parts: Array<[Where, unknown]> = [
        ['path', req.params],
        ['query', req.query],
        ['headers', req.headers],
        ['body', req.body],
      ];
      for (const [where, value] of parts) {
        const bad = findUnstorable(value);
        if (bad) return reply.status(400).send(unstorableError(req, where, bad));
      }
      return undefined;
    });
  },
  { name: 'string-gate' },
);

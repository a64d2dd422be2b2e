import type { z, ZodType } from 'zod';
import type { Contract } from '@app/common/api/contract';
import { requestJson } from './http';

export { ApiError, apiErrorFrom, csrfHeaders } from './http';

/** Anything with a zod-style `parse`; keeps this module free of a runtime zod import. */
interface Parser<T> {
  parse(value: unknown): T;
}

/** GETs a same-origin JSON endpoint and validates the answer with `schema`; throws ApiError on a non-2xx status. */
async function getJson<T>(path: string, schema: Parser<T>, signal?: AbortSignal): Promise<T> {
  return schema.parse(await requestJson('GET', path, undefined, signal));
}

/** POST/PUT/PATCH/DELETE with a JSON body (or none) and the CSRF header; validates the answer with `schema`. */
async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown, schema: Parser<T>, signal?: AbortSignal): Promise<T> {
  return schema.parse(await requestJson(method, path, body, signal));
}

/** What a contract's call takes: its path parameters, query and body, each only when the route has one. */
type Input<C extends Contract> = (C extends { params: ZodType } ? { params: z.input<C['params']> } : unknown) &
  (C extends { query: ZodType } ? { query?: Partial<Record<keyof z.input<C['query']>, string | number | undefined>> } : unknown) &
  (C extends { body: ZodType } ? { body: z.input<C['body']> } : unknown);

/** `{}` when a contract takes nothing, so such calls can leave the input out. */
type InputArgs<C extends Contract> = object extends Input<C> ? [input?: Input<C>, signal?: AbortSignal] : [input: Input<C>, signal?: AbortSignal];

/** A contract's URL: `:name` segments filled in (encoded) from `params`, then the query's defined values. */
export function urlOf(c: Pick<Contract, 'path'>, input: { params?: Record<string, string>; query?: Record<string, string | number | undefined> } = {}): string {
  const path = c.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Calls one API route through its contract (common/src/api): builds the URL, sends the body, checks the answer with the contract's schema. */
export async function call<C extends Contract>(c: C, ...[input, signal]: InputArgs<C>): Promise<z.output<C['response']>> {
  const given = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, string | number | undefined>; body?: unknown };
  const url = urlOf(c, given);
  if (c.method === 'GET') return getJson(url, c.response, signal) as Promise<z.output<C['response']>>;
  return sendJson(c.method, url, given.body, c.response, signal) as Promise<z.output<C['response']>>;
}

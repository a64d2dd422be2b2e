import { requestJson } from './http';

export { ApiError, apiErrorFrom, csrfHeaders } from './http';

/** Anything with a zod-style `parse`; keeps this module free of a direct zod import. */
interface Parser<T> {
  parse(value: unknown): T;
}

/** GETs a same-origin JSON endpoint and validates the answer with `schema`; throws ApiError on a non-2xx status. */
export async function getJson<T>(path: string, schema: Parser<T>, signal?: AbortSignal): Promise<T> {
  return schema.parse(await requestJson('GET', path, undefined, signal));
}

/** POST/PUT/PATCH/DELETE with a JSON body (or none) and the CSRF header; validates the answer with `schema`. */
export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown, schema: Parser<T>, signal?: AbortSignal): Promise<T> {
  return schema.parse(await requestJson(method, path, body, signal));
}

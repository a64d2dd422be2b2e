import type { TApiError } from '@app/common/schemas/errors';
import { ensureSession, sessionRejected } from './session';

// The fetch core of lib/api.ts, without zod: pages that only read typed answers (the public ledger) use this alone,
// so they ship no schema code. lib/api.ts adds response checks with zod for everything else.

/** A failed API call: the server's error body (or one made up from the HTTP status when the body is not one). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly fields: Record<string, string[]> | undefined;
  readonly requestId: string | undefined;

  constructor(body: TApiError) {
    super(body.message);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.error = body.error;
    this.fields = body.fields;
    this.requestId = body.requestId;
  }
}

/** Whether a parsed body has the shape of the API's error answers (ZApiError), checked by hand to keep zod out. */
function isApiErrorBody(body: unknown): body is TApiError {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  const fieldsOk =
    b.fields === undefined ||
    (typeof b.fields === 'object' &&
      b.fields !== null &&
      Object.values(b.fields).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string')));
  return (
    Number.isInteger(b.statusCode) &&
    typeof b.error === 'string' &&
    typeof b.message === 'string' &&
    (b.requestId === undefined || typeof b.requestId === 'string') &&
    fieldsOk
  );
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error body of a failed answer, or one made up from the HTTP status when the body is not one. */
export function apiErrorFrom(status: number, statusText: string, text: string): ApiError {
  const body = parseJson(text);
  return new ApiError(
    isApiErrorBody(body) ? body : { statusCode: status, error: statusText || 'Error', message: `Request failed with status ${status}` },
  );
}

/** The CSRF header for a state-changing call: the session's token when a member is signed in. */
export async function csrfHeaders(): Promise<Record<string, string>> {
  const { csrfToken } = await ensureSession();
  return csrfToken ? { 'x-csrf-token': csrfToken } : {};
}

/**
 * A same-origin JSON call (CSRF header when not a GET); throws ApiError on a non-2xx status. The answer is not checked.
 * `cache`: the browser cache's part (fetch's `cache` option), e.g. 'no-cache' to revalidate a cacheable answer.
 */
export async function requestJson(method: string, path: string, payload: unknown, signal?: AbortSignal, cache?: RequestCache): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') Object.assign(headers, await csrfHeaders());
  const res = await fetch(path, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload), signal, credentials: 'same-origin', cache });
  const text = await res.text();
  if (res.status === 401) void sessionRejected();
  if (!res.ok) throw apiErrorFrom(res.status, res.statusText, text);
  const body = parseJson(text);
  if (body === undefined) throw new Error(`${method} ${path}: the answer is not JSON`);
  return body;
}

import { ZApiError, type TApiError } from '@app/common/schemas/errors';
import { ensureSession } from './session';
import {
  ZLedgerPage,
  ZLedgerSummary,
  type TLedgerPage,
  type TLedgerQuery,
  type TLedgerSummary,
} from '@app/common/schemas/ledger';

/** Anything with a zod-style `parse`; keeps this module free of a direct zod import. */
interface Parser<T> {
  parse(value: unknown): T;
}

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

/** GETs a same-origin JSON endpoint and validates the answer with `schema`; throws ApiError on a non-2xx status. */
export async function getJson<T>(path: string, schema: Parser<T>, signal?: AbortSignal): Promise<T> {
  return requestJson('GET', path, undefined, schema, signal);
}

/** POST/PUT/PATCH/DELETE with a JSON body (or none) and the CSRF header; validates the answer with `schema`. */
export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown, schema: Parser<T>, signal?: AbortSignal): Promise<T> {
  return requestJson(method, path, body, schema, signal);
}

async function requestJson<T>(method: string, path: string, payload: unknown, schema: Parser<T>, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') Object.assign(headers, await csrfHeaders());
  const res = await fetch(path, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload), signal, credentials: 'same-origin' });
  const text = await res.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok) throw apiErrorFrom(res.status, res.statusText, text);
  if (body === undefined) throw new Error(`${method} ${path}: the answer is not JSON`);
  return schema.parse(body);
}

/** The error body of a failed answer, or one made up from the HTTP status when the body is not one. */
export function apiErrorFrom(status: number, statusText: string, text: string): ApiError {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = ZApiError.safeParse(body);
  return new ApiError(
    parsed.success ? parsed.data : { statusCode: status, error: statusText || 'Error', message: `Request failed with status ${status}` },
  );
}

/** The CSRF header for a state-changing call: the session's token when a member is signed in. */
export async function csrfHeaders(): Promise<Record<string, string>> {
  const { csrfToken } = await ensureSession();
  return csrfToken ? { 'x-csrf-token': csrfToken } : {};
}

/** GET /api/ledger/summary: record count and totals of the public token ledger. */
export function fetchLedgerSummary(signal?: AbortSignal): Promise<TLedgerSummary> {
  return getJson('/api/ledger/summary', ZLedgerSummary, signal);
}

/** GET /api/ledger: one page of public ledger rows, filtered server-side by investor-ID prefix. */
export function fetchLedgerPage(query: TLedgerQuery, signal?: AbortSignal): Promise<TLedgerPage> {
  const params = new URLSearchParams({
    search: query.search,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  if (query.after) params.set('after', query.after);
  else if (query.before) params.set('before', query.before);
  return getJson(`/api/ledger?${params.toString()}`, ZLedgerPage, signal);
}

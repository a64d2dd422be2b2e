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

/** Whether a failed call is worth retrying: network failures and 5xx/429 are, other 4xx answers are not. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof ApiError) return err.statusCode >= 500 || err.statusCode === 429;
  return true;
}

/** Reads a response body as JSON (undefined when empty or not JSON). */
async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError for a failed answer: the server's error body, or one made up from the status. */
function failure(res: Response, body: unknown): ApiError {
  const parsed = ZApiError.safeParse(body);
  return new ApiError(
    parsed.success ? parsed.data : { statusCode: res.status, error: res.statusText || 'Error', message: `Request failed with status ${res.status}` },
  );
}

/**
 * Sends JSON to a same-origin endpoint (POST by default) with the session's CSRF token, and validates the answer
 * with `schema`; throws ApiError on a non-2xx status (a 400's `fields` holds each invalid field's messages).
 */
export async function sendJson<T>(path: string, body: unknown, schema: Parser<T>, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST'): Promise<T> {
  const { csrfToken } = await ensureSession();
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}) },
    body: JSON.stringify(body),
  });
  const parsed = await readBody(res);
  if (!res.ok) throw failure(res, parsed);
  return schema.parse(parsed);
}

/** GETs a same-origin JSON endpoint and validates the answer with `schema`; throws ApiError on a non-2xx status. */
export async function getJson<T>(path: string, schema: Parser<T>, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, { headers: { Accept: 'application/json' }, signal });
  const body = await readBody(res);
  if (!res.ok) throw failure(res, body);
  if (body === undefined) throw new Error(`GET ${path}: the answer is not JSON`);
  return schema.parse(body);
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
  return getJson(`/api/ledger?${params.toString()}`, ZLedgerPage, signal);
}

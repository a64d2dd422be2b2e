import { ApiError, apiErrorFrom, csrfHeaders } from './api';
import { sessionRejected } from './session';

/** Anything with a zod-style `parse`. */
interface Parser<T> {
  parse(value: unknown): T;
}

/** Options of {@link uploadForm}. */
export interface UploadOptions {
  /** Called with the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs multipart form data with the CSRF header and reports upload progress (which fetch cannot), then
 * validates the JSON answer with `schema`. Throws ApiError on a non-2xx answer, and an ApiError with
 * status 0 when the network fails.
 */
export async function uploadForm<T>(path: string, form: FormData, schema: Parser<T>, opts: UploadOptions = {}): Promise<T> {
  const headers = await csrfHeaders();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(schema.parse(JSON.parse(xhr.responseText)));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      } else {
        if (xhr.status === 401) void sessionRejected();
        reject(apiErrorFrom(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    const networkError = () => reject(new ApiError({ statusCode: 0, error: 'Network Error', message: 'The upload did not reach the server. Check your connection and try again.' }));
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

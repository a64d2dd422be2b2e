import type { LightMyRequestResponse } from 'fastify';

/**
 * The head of an `inject` answer made with `payloadAsStream: true` (routes with config.eventStream never end): an
 * event stream's first bytes, then the connection is dropped as a browser leaving would; any other answer (an error,
 * a refusal) is read to its end. Returned with the body fields of an ordinary inject answer.
 */
export async function streamHead(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  const stream = res.stream();
  const endless = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk as Buffer));
    if (endless) break;
  }
  if (endless) (res.raw.res as unknown as { destroy(): void }).destroy();
  const body = Buffer.concat(chunks).toString('utf8');
  return Object.assign(res, { body, payload: body, rawPayload: Buffer.concat(chunks), json: () => JSON.parse(body) as unknown });
}

/** A real HTTP event stream read as it arrives (fetch), for tests that wait for its events. */
export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the text received after `from` (an offset into text()) contains `what`; rejects after `ms`. */
  waitFor(what: string, ms: number, from?: number): Promise<void>;
  /** Resolves when the server ends the stream; rejects after `ms`. */
  ended(ms: number): Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  let received = '';
  let done = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        received += decoder.decode(chunk, { stream: true });
        wake();
      }
    } catch {
      // aborted by close()
    }
    done = true;
    wake();
  })();
  const until = (test: () => boolean, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (test()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} within ${ms} ms; received: ${JSON.stringify(received)}`));
      }, ms);
      const check = () => {
        if (!test()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });
  return {
    status: res.status,
    headers: res.headers,
    text: () => received,
    waitFor: (what, ms, from = 0) => until(() => received.indexOf(what, from) >= 0, ms, `no ${JSON.stringify(what)}`),
    ended: (ms) => until(() => done, ms, 'the stream did not end'),
    close: () => abort.abort(),
  };
}

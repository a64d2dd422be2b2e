import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import { LEDGER_CACHE } from '@app/common/domain/ledger-http-cache';

/** The public ledger's live stream (api/src/modules/ledger/stream.ts): server-sent events, no Socket.IO client. */
const STREAM_URL = LEDGER_PATHS.stream;
/**
 * A proxy may answer from its copy for up to max-age after a change (deploy/nginx.conf caches the ledger's answers):
 * the page asks once more when that copy has surely expired (unchanged answers cost a 304 and no render).
 */
const AGAIN_MS = LEDGER_CACHE.maxAgeS * 1_000 + 500;
/** Reopening after the browser gave up (an answer other than the stream, e.g. 503 while overloaded): 1 s, doubling to 30 s. */
const REOPEN_MIN_MS = 1_000;
const REOPEN_MAX_MS = 30_000;

/**
 * Calls `onChange` whenever the ledger changes, and each time the stream opens (the first time and after every
 * reconnect: changes made while it was closed are not replayed, so the page catches up by asking again); each time
 * once more after the proxy's copies have expired. The
 * browser's EventSource reconnects by itself after a dropped connection; when it gives up (it does on an answer that
 * is not a stream) the stream is opened again here, with back-off. Returns the function that closes it.
 */
export function watchLedger(onChange: () => void): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = REOPEN_MIN_MS;
  let stopped = false;
  let again: ReturnType<typeof setTimeout> | null = null;

  const heard = () => {
    onChange();
    if (again) clearTimeout(again);
    again = setTimeout(() => {
      again = null;
      onChange();
    }, AGAIN_MS);
  };

  const open = () => {
    timer = null;
    const es = new EventSource(STREAM_URL);
    source = es;
    es.onopen = () => {
      delay = REOPEN_MIN_MS;
      heard();
    };
    es.addEventListener('changed', heard);
    es.onerror = () => {
      if (es.readyState !== EventSource.CLOSED || stopped) return;
      es.close();
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, REOPEN_MAX_MS);
    };
  };
  open();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (again) clearTimeout(again);
    source?.close();
  };
}

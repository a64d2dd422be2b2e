import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
/** The public ledger's live stream (api/src/modules/ledger/stream.ts): server-sent events, no Socket.IO client. */
const STREAM_URL = LEDGER_PATHS.stream;
/** Reopening after the browser gave up (an answer other than the stream, e.g. 503 while overloaded): 1 s, doubling to 30 s. */
const REOPEN_MIN_MS = 1_000;
const REOPEN_MAX_MS = 30_000;

/**
 * Calls `onChange` whenever the ledger changes, and each time the stream opens (the first time and after every
 * reconnect: changes made while it was closed are not replayed, so the page catches up by asking again). The
 * browser's EventSource reconnects by itself after a dropped connection; when it gives up (it does on an answer that
 * is not a stream) the stream is opened again here, with back-off. Returns the function that closes it.
 */
export function watchLedger(onChange: () => void): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = REOPEN_MIN_MS;
  let stopped = false;

  const open = () => {
    timer = null;
    const es = new EventSource(STREAM_URL);
    source = es;
    es.onopen = () => {
      delay = REOPEN_MIN_MS;
      onChange();
    };
    es.addEventListener('changed', () => onChange());
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
    source?.close();
  };
}

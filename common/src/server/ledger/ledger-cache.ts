import pg from 'pg';

/** The channel the ledger's statement trigger notifies (migrations/20261123104500_ledger_notify.ts). */
const LEDGER_CHANNEL = 'ledger_changed';
/** How many answers one process keeps per ledger generation (a page of 50 rows is ~10 KB of JSON). */
const MAX_ENTRIES = 1_000;

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Per-process memory of answers derived from the public ledger (the summary and unsearched pages, serialised with
 * their ETags; the rendered /token-ledger page), dropped whenever Postgres reports a ledger change on LEDGER_CHANNEL. Every API replica
 * LISTENs on its own connection, and Postgres notifies every listener at commit, so a new row is seen by the
 * next request on any replica without a query per request. While the listening connection is down (or before it
 * is up) nothing is cached: a missed notification must never leave a stale answer behind.
 */
export class LedgerCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private client: pg.Client | null = null;
  private listening = false;
  private everListened = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly watchers = new Set<() => void>();
  /** Bumped by every change notice; lets tests and callers see that an invalidation happened. */
  generation = 0;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {}

  /** Connects and LISTENs; resolves once listening (or after a failed first attempt, which is retried). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.listening = false;
    this.invalidate();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Whether answers are being cached (the LISTEN connection is up). */
  get active(): boolean {
    return this.listening;
  }

  /**
   * The cached value for `key`, loading it once (concurrent callers share the load) while listening. It first lets
   * the event loop read the sockets once: a change notice that Postgres already sent (it sends them as the writer
   * commits) is then applied before this answer, rather than after it.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (!this.listening) return load();
    const hit = this.entries.get(key);
    if (hit) return hit as Promise<T>;
    const pending = load();
    // Keys carry what callers asked for (a page's position): the oldest answer goes first past the bound.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * Calls `watcher` after each change notice, once this process's cached answers are dropped (so whoever it tells
   * and asks again gets the new figures), and when listening starts again after the connection was lost (changes
   * may have been missed meanwhile). Returns the function that stops it. The ledger's live stream uses this: one
   * LISTEN connection per process, however many browsers watch.
   */
  watch(watcher: () => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private changed(): void {
    this.invalidate();
    for (const watcher of this.watchers) {
      try {
        watcher();
      } catch (err) {
        this.log.warn({ err }, 'ledger cache: a change watcher failed');
      }
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'adx-ledger-listener' });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      this.invalidate();
      if (this.stopped) return;
      this.log.warn({ err }, 'ledger cache: LISTEN connection lost; serving from Postgres until it is back');
      client.end().catch(() => undefined);
      this.retry = setTimeout(() => void this.connect(), 1_000);
    };
    this.client = client;
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => this.changed());
    try {
      await client.connect();
      await client.query(`LISTEN ${LEDGER_CHANNEL}`);
      if (this.client !== client) return;
      // Anything cached before now was not covered by a listener; watchers hear of it as a change once a lost
      // connection is back (on the first start there is nothing they could have missed).
      const reconnected = this.everListened;
      this.everListened = true;
      this.listening = true;
      if (reconnected) this.changed();
      else this.invalidate();
    } catch (err) {
      lost(err as Error);
    }
  }
}

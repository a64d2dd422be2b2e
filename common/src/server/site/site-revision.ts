import type { Knex } from 'knex';
import pg from 'pg';
import { siteRevision } from './site.repository';

/** The channel `site_revision_bump()` notifies with the new revision (migrations/20261126120000_site_content.ts). */
const SITE_CHANNEL = 'site_changed';

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * What content revision the public pages are at, as this process knows it. A change is heard at its commit through
 * LISTEN `site_changed` (every replica listens on its own connection); a read of the revision every `pollMs` is the
 * safety net for a notice lost while that connection was down, so a replica is never more than `pollMs` behind.
 */
export class SiteRevisionWatcher {
  private client: pg.Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private known = 0;

  constructor(
    private readonly url: string,
    private readonly db: Knex,
    private readonly log: Logger,
    private readonly pollMs = 5_000,
  ) {}

  /** The newest revision heard of. */
  get current(): number {
    return this.known;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await Promise.all([this.connect(), this.poll()]);
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Notes a revision read elsewhere (a render's seed): revisions only move forward. */
  saw(revision: number): void {
    if (revision > this.known) this.known = revision;
  }

  private async poll(): Promise<void> {
    try {
      this.saw(await siteRevision(this.db));
    } catch (err) {
      this.log.warn({ err }, 'site revision: could not read it; keeping the last one known');
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'adx-site-listener' });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.log.warn({ err }, 'site revision: LISTEN connection lost; polling until it is back');
      this.retry = setTimeout(() => void this.connect(), 1_000);
    };
    this.client = client;
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => this.saw(Number(n.payload) || this.known + 1));
    try {
      await client.connect();
      await client.query(`LISTEN ${SITE_CHANNEL}`);
      // Changes made while the connection was down were not notified.
      if (this.client === client) await this.poll();
    } catch (err) {
      lost(err as Error);
    }
  }
}

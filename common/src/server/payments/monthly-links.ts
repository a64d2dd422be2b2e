import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';

/** How long a receipt's "Manage or cancel" link works (a receipt is read again months later, at tax time). */
const MANAGE_LINK_DAYS = 400;

const keys = new WeakMap<Knex, Promise<Buffer>>();

/** The HMAC key of manage links (one row, written by the migration); cached per database handle. */
function keyOf(db: Knex): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (db('link_keys').where({ purpose: 'monthly-manage' }).first('secret') as Promise<{ secret: Buffer } | undefined>).then((r) => {
      if (!r) throw new Error('link_keys has no monthly-manage key: run the migrations');
      return r.secret;
    });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(`monthly-manage:${body}`).digest('base64url');

/** A signed token naming one monthly gift, valid until `expiresAt` (whole seconds). */
async function signManageToken(db: Knex, subscriptionId: string, expiresAt: Date): Promise<string> {
  const body = `${subscriptionId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${mac(await keyOf(db), body)}`;
}

/** The gift a manage token names, or null when it is altered, malformed or past its time. */
export async function verifyManageToken(db: Knex, token: string, now: Date): Promise<string | null> {
  const m = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(mac(await keyOf(db), `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(m[2]) * 1000 > now.getTime() ? m[1]! : null;
}

/** The link a receipt carries: the API route that opens the provider's portal for that gift. */
export async function manageLink(db: Knex, publicUrl: string, subscriptionId: string, now: Date): Promise<string> {
  const token = await signManageToken(db, subscriptionId, new Date(now.getTime() + MANAGE_LINK_DAYS * 86_400_000));
  return `${publicUrl}/api/payments/monthly/manage?token=${encodeURIComponent(token)}`;
}

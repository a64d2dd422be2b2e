import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** How long a sign-in lasts: idle expiry (sliding) and absolute expiry (from sign-in). */
export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

/** A live session and its member, as loaded for each request. */
export interface LoadedSession {
  idHash: string;
  csrfToken: string;
  userId: string;
  discordId: string | null;
  username: string | null;
  avatar: string | null;
  email: string | null;
  createdAt: Date;
  lastSignInAt: Date | null;
  isAdmin: boolean;
}

/** sha256 of the cookie value: the table never holds a usable session id. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** Creates a session for `userId` and returns the cookie value (256 random bits) and its CSRF token. */
export async function createSession(
  db: Knex,
  userId: string,
  lifetime: SessionLifetime,
  meta: { ip?: string | undefined; userAgent?: string | undefined },
): Promise<{ id: string; csrfToken: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + lifetime.absoluteMs);
  await db('sessions').insert({
    id_hash: hashSessionId(id),
    user_id: userId,
    csrf_token: csrfToken,
    expires_at: expiresAt,
    ip_address: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return { id, csrfToken, expiresAt };
}

/**
 * The live session for a cookie value, or null when unknown, revoked, past its absolute expiry or
 * idle for longer than allowed. Touches last_seen_at at most once a minute.
 */
export async function loadSession(db: Knex, id: string, lifetime: SessionLifetime): Promise<LoadedSession | null> {
  const idHash = hashSessionId(id);
  // Read on every signed-in request: one constant statement, prepared once per pooled connection (no query building,
  // parsing or planning per request).
  const { rows } = (await db
    .raw(
      `SELECT s.id_hash, s.csrf_token, s.last_seen_at, u.id AS user_id, u.discord_id, u.discord_username, u.discord_avatar_url, u.email,
         u.created_at, u.last_sign_in_at, EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin' AND r.is_active) AS is_admin
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_hash = ? AND s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => ?)`,
      [idHash, lifetime.idleMs / 1000],
    )
    .options({ name: 'load_session' })) as {
    rows: Array<{
      id_hash: string;
      csrf_token: string;
      last_seen_at: Date;
      user_id: string;
      discord_id: string | null;
      discord_username: string | null;
      discord_avatar_url: string | null;
      email: string | null;
      created_at: Date;
      last_sign_in_at: Date | null;
      is_admin: boolean;
    }>;
  };
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.last_seen_at.getTime() > 60_000) {
    await db('sessions').where({ id_hash: idHash }).update({ last_seen_at: db.fn.now() });
  }
  return {
    idHash: row.id_hash,
    csrfToken: row.csrf_token,
    userId: row.user_id,
    discordId: row.discord_id,
    username: row.discord_username,
    avatar: row.discord_avatar_url,
    email: row.email,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    isAdmin: row.is_admin,
  };
}

/** Revokes one session; true when it was live. */
export async function revokeSession(db: Knex, idHash: string): Promise<boolean> {
  const n = await db('sessions').where({ id_hash: idHash }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
  return n > 0;
}

/**
 * Which of these sessions are still live (not revoked, not past either expiry), each with whether its
 * member is an admin now. Does not touch last_seen_at: an open socket alone must not keep a sign-in alive.
 */
export async function liveSessionsAmong(db: Knex, idHashes: readonly string[], lifetime: SessionLifetime): Promise<Map<string, { isAdmin: boolean }>> {
  if (idHashes.length === 0) return new Map();
  const rows = (await db('sessions as s')
    .whereIn('s.id_hash', idHashes)
    .whereNull('s.revoked_at')
    .where('s.expires_at', '>', db.fn.now())
    .where('s.last_seen_at', '>', db.raw(`now() - make_interval(secs => ?)`, [lifetime.idleMs / 1000]))
    .select('s.id_hash', db.raw(`EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = s.user_id AND r.role = 'admin' AND r.is_active) AS is_admin`))) as Array<{
    id_hash: string;
    is_admin: boolean;
  }>;
  return new Map(rows.map((r) => [r.id_hash, { isAdmin: r.is_admin }]));
}

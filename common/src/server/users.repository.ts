import type { Knex } from 'knex';

/** What a sign-in provider tells us about a member. */
export interface ProviderProfile {
  discordId: string;
  username: string;
  avatarUrl: string | null;
  email: string | null;
}

/**
 * Creates the member on first sign-in, else refreshes username, avatar and e-mail; records the
 * sign-in time. Returns the user id and whether the row was created now.
 */
export async function upsertProviderUser(db: Knex, p: ProviderProfile): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (trx) => {
    // Discord usernames are unique: a stale row still holding this name belongs to someone who renamed.
    await trx('users').whereRaw('lower(discord_username) = lower(?)', [p.username]).whereNot({ discord_id: p.discordId }).update({ discord_username: null });
    return upsertRow(trx, p);
  });
}

async function upsertRow(db: Knex, p: ProviderProfile): Promise<{ id: string; created: boolean }> {
  const result = (await db.raw(
    `INSERT INTO users (discord_id, discord_username, discord_avatar_url, email, last_sign_in_at)
     VALUES (?, ?, ?, ?, now())
     ON CONFLICT (discord_id) DO UPDATE SET
       discord_username = EXCLUDED.discord_username,
       discord_avatar_url = EXCLUDED.discord_avatar_url,
       email = COALESCE(EXCLUDED.email, users.email),
       last_sign_in_at = now(),
       updated_at = now()
     RETURNING id, (xmax = 0) AS created`,
    [p.discordId, p.username, p.avatarUrl, p.email],
  )) as { rows: Array<{ id: string; created: boolean }> };
  const row = result.rows[0];
  if (!row) throw new Error('user upsert returned no row');
  return row;
}

/** Grants (or re-activates) the admin role. */
export async function grantAdmin(db: Knex, userId: string, grantedBy: string | null = null): Promise<void> {
  await db('user_roles')
    .insert({ user_id: userId, role: 'admin', is_active: true, granted_by: grantedBy })
    .onConflict(['user_id', 'role'])
    .merge({ is_active: true, updated_at: db.fn.now() });
}

/** Finds a member by Discord username (case-insensitive). */
export async function findUserByUsername(db: Knex, username: string): Promise<{ id: string; discord_id: string | null; discord_username: string } | undefined> {
  return (await db('users')
    .whereRaw('lower(discord_username) = lower(?)', [username])
    .first('id', 'discord_id', 'discord_username')) as { id: string; discord_id: string | null; discord_username: string } | undefined;
}

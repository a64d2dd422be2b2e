import type { Knex } from 'knex';
import type { TMembersPage, TMembersQuery } from '../schemas/members';
import { toCount } from './db';

/**
 * Members shown in the directory: they have a username and a Discord id (the spec), and they have
 * opted in with Directory Listing in their privacy settings (privacy by default: the spec's settings
 * default to off, so a member who never turned listing on is not shown).
 */
function listed(db: Knex): Knex.QueryBuilder {
  return db('users as u')
    .join('user_privacy_settings as p', 'p.user_id', 'u.id')
    .whereNotNull('u.discord_username')
    .whereNotNull('u.discord_id')
    .where('p.directory_listing', true);
}

/** One page of the directory, newest member first, optionally filtered by username substring. */
export async function listMembers(db: Knex, q: TMembersQuery, viewerId: string): Promise<TMembersPage> {
  const filtered = () => {
    const qb = listed(db);
    if (q.search) qb.whereRaw(`lower(u.discord_username) LIKE ? ESCAPE '\\'`, [`%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
    return qb;
  };
  const [rows, count, all, viewer] = await Promise.all([
    filtered()
      .select('u.id', 'u.discord_username as username', 'u.discord_avatar_url as avatar', 'u.created_at')
      .orderBy([{ column: 'u.created_at', order: 'desc' }, { column: 'u.id', order: 'desc' }])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize) as Promise<Array<{ id: string; username: string; avatar: string | null; created_at: Date }>>,
    filtered().count({ n: '*' }).first() as Promise<{ n: string }>,
    (q.search ? listed(db).count({ n: '*' }).first() : null) as Promise<{ n: string } | null>,
    listed(db).where('u.id', viewerId).first('u.id') as Promise<{ id: string } | undefined>,
  ]);
  return {
    members: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    total: toCount(count.n),
    listedTotal: toCount((all ?? count).n),
    page: q.page,
    pageSize: q.pageSize,
    viewerListed: Boolean(viewer),
  };
}

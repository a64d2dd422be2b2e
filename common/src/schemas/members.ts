import { z } from 'zod';
import { zStorable } from '../domain/text';

/** GET /api/members query: case-insensitive substring search on username, paginated. */
export const ZMembersQuery = z.object({
  search: zStorable().trim().max(64, 'search must be at most 64 characters').default(''),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int('pageSize must be a whole number').min(1).max(60, 'pageSize must be at most 60').default(24),
});
export type TMembersQuery = z.infer<typeof ZMembersQuery>;

/** One member card of the directory. */
const ZMemberCard = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  created_at: z.string(),
});
export type TMemberCard = z.infer<typeof ZMemberCard>;

/**
 * GET /api/members answer. `total` counts the members matching the search (for paging); `listedTotal` every
 * member in the directory (the page's member count). `viewerListed` says whether the viewer appears in it.
 */
export const ZMembersPage = z.object({
  members: z.array(ZMemberCard),
  total: z.number().int().nonnegative(),
  listedTotal: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  viewerListed: z.boolean(),
});
export type TMembersPage = z.infer<typeof ZMembersPage>;

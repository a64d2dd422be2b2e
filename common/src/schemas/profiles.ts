import { z } from 'zod';
import { zStorable } from '../domain/text';

/** GET /api/profiles/:username path: a Discord username. */
export const ZProfileParams = z.object({
  username: zStorable().trim().min(1, 'username is required').max(64, 'username must be at most 64 characters'),
});

/**
 * A member's profile as the viewer may see it. `bio` and `audioUrl` are null for other members unless
 * the owner turned Profile Visibility on (the owner and admins always get them); `email` is present only
 * when the owner turned e-mail visibility on; `isOwner` is worked out on the server from the session.
 */
export const ZProfile = z.object({
  id: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  audioUrl: z.string().nullable(),
  memberSince: z.string(),
  email: z.string().nullable(),
  isOwner: z.boolean(),
  /** The owner's Profile Visibility switch (so the owner's page can say who sees the bio and audio). */
  profileVisible: z.boolean(),
  /** True when the owner has a bio or audio message this viewer may not see (so the page says the profile is private, not empty). */
  detailsHidden: z.boolean(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** POST /api/me/audio answer: where the new recording is served from. */
export const ZAudioUploaded = z.object({
  audioUrl: z.string(),
  size: z.number().int().nonnegative(),
});
export type TAudioUploaded = z.infer<typeof ZAudioUploaded>;

/** The error when no member has the username, as the spec words it (§8). */
export function userNotFoundMessage(username: string): string {
  return `No user found with username ${username}`;
}

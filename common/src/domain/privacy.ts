/** The three privacy switches of a member (all off by default). */
export interface PrivacyFlags {
  profile_visibility: boolean;
  email_visibility: boolean;
  directory_listing: boolean;
}

/** Defaults when a member has never saved settings (the spec: booleans, default false). */
export const DEFAULT_PRIVACY: PrivacyFlags = { profile_visibility: false, email_visibility: false, directory_listing: false };

/** Security level as the spec scores it: 100, minus 20 / 30 / 10 for each exposure switched on. */
export function privacyScore(flags: PrivacyFlags): number {
  let score = 100;
  if (flags.profile_visibility) score -= 20;
  if (flags.email_visibility) score -= 30;
  if (flags.directory_listing) score -= 10;
  return score;
}

/** High at 80 or more, Medium 60-79, Low below 60. */
export function privacyLevel(score: number): 'High' | 'Medium' | 'Low' {
  if (score >= 80) return 'High';
  if (score >= 60) return 'Medium';
  return 'Low';
}

/** Whole days between `createdAt` and `now` (0 on the day of registration). */
export function accountAgeDays(createdAt: Date | string, now: Date = new Date()): number {
  const ms = now.getTime() - new Date(createdAt).getTime();
  return Math.max(0, Math.floor(ms / 86_400_000));
}

/** Who is reading a member's profile: their id and whether they hold the admin role (from the session). */
export interface ProfileViewer {
  userId: string;
  isAdmin: boolean;
}

/**
 * Whether `viewer` may read the member's bio and audio: always the owner and admins; anyone else
 * only when the owner turned Profile Visibility on (off by default, and for members who never saved).
 */
export function maySeeProfileDetails(viewer: ProfileViewer | null, ownerId: string, profileVisibility: boolean | null | undefined): boolean {
  return Boolean(profileVisibility) || (viewer !== null && (viewer.userId === ownerId || viewer.isAdmin));
}

/**
 * What setting a topic on the Brotherhood tab shows (said beside the Topic field): the name, avatar and
 * topic, to members on the guest-speaker list and on the weekly flyers. The bio and audio introduction
 * are the profile's own and follow Profile Visibility there too.
 */
export const SPEAKER_TOPIC_CONSENT =
  'Members see your name, avatar and topic under Guest Speakers and on the weekly flyers. Your bio and audio show there only while Profile Visibility is on.';

/** The Profile Visibility switch's text on /security: exactly what it controls. */
export const PROFILE_VISIBILITY_TEXT =
  'Let other members see your bio and audio message on your profile and speaker card. Off: only you and admins see them.';

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

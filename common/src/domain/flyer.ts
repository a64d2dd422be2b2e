/**
 * The weekly flyer (spec §2 Brotherhood, §7 generate-flyer, §9): one per session day, for the first
 * speaker that has a topic, 1080×1350 PNG, downloaded as a dog-pound flyer png.
 */

/** The session days, as the spec and the `flyers.session_day` column write them. */
export const SESSION_DAYS = ['Monday', 'Wednesday', 'Friday'] as const;
/** One of {@link SESSION_DAYS}. */
export type SessionDay = (typeof SESSION_DAYS)[number];

/** How long a session runs (spec §9); when it starts is in ./session-time. */
export const SESSION_MINUTES = 15;

/** Flyer size: 4:5 portrait, the feed format of the chat and social apps it is posted to. */
export const FLYER_WIDTH = 1080;
export const FLYER_HEIGHT = 1350;

/** Archive thumbnail size (16:9, the archive cards' aspect). */
export const THUMBNAIL_WIDTH = 640;
export const THUMBNAIL_HEIGHT = 360;

/** How long POST /api/flyers waits for the render before answering 202 with the job id. */
export const FLYER_WAIT_MS = 4_000;

/** The spec's toast when generation fails (§8). */
export const FLYER_FAILED = { title: 'Generation Failed', description: 'Failed to generate promotional flyer. Please try again.' } as const;

/** The downloaded file's name: `dog-pound-flyer-monday.png`. */
export function flyerFileName(day: SessionDay): string {
  return `dog-pound-flyer-${day.toLowerCase()}.png`;
}

/**
 * The render job's id: speaker, day and profile version (the speaker's `updated_at` in ms). The same
 * three give the same id, so a repeat reuses the stored flyer (and BullMQ refuses a duplicate job);
 * editing the profile (topic, bio, avatar sync) makes a new version and so a new flyer.
 */
export function flyerJobId(speakerId: string, day: SessionDay, profileVersion: string): string {
  return `flyer-${speakerId}-${day.toLowerCase()}-${profileVersion}`;
}

/** Job ids as {@link flyerJobId} writes them (what GET /api/flyers/:jobId accepts). */
export const FLYER_JOB_ID = /^flyer-[0-9a-f-]{36}-(monday|wednesday|friday)-\d{1,16}$/;

/** The archive thumbnail job's id: one per archived session (a repeat while it is kept is a no-op). */
export function thumbnailJobId(archiveId: string): string {
  return `archive-thumbnail-${archiveId}`;
}

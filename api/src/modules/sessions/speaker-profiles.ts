import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionsApi } from '@app/common/api/sessions';
import { memberAudioPath } from '@app/common/domain/audio';
import { maySeeProfileDetails, type ProfileViewer } from '@app/common/domain/privacy';
import type { TSpeakerProfile } from '@app/common/schemas/speakers';
import { listSpeakers, type SpeakerRow } from '@app/common/server/sessions/speakers.repository';
import { listSpeakersSchema } from './schema';

/**
 * A speaker card as `viewer` may see it. Setting a topic shows the name, avatar and topic to members
 * (and on the flyers); the bio and the audio follow Profile Visibility like the profile page does.
 */
export function toSpeakerCard(r: SpeakerRow, viewer: ProfileViewer): TSpeakerProfile {
  const details = maySeeProfileDetails(viewer, r.id, r.profile_visibility);
  return {
    id: r.id,
    discord_username: r.discord_username,
    discord_avatar_url: r.discord_avatar_url,
    bio: details ? r.bio : null,
    speaker_topic: r.speaker_topic,
    audio_file_url: details && r.audio_file_url ? memberAudioPath(r.id, r.audio_file_url) : null,
    updated_at: r.updated_at.toISOString(),
  };
}

/** Speaker profiles for the Brotherhood tab (the member's own is under /api/me/speaker-profile). */
export const speakerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(sessionsApi.speakers.path, { config: { access: 'member' }, schema: listSpeakersSchema }, async (req) => ({
    speakers: (await listSpeakers(app.db)).map((r) => toSpeakerCard(r, req.session!)),
  }));

};

import { z } from 'zod';
import { zText } from '../domain/text';

/** A speaker profile card (members who set a speaker topic). */
export const ZSpeakerProfile = z.object({
  id: z.string(),
  discord_username: z.string().nullable(),
  discord_avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  speaker_topic: z.string().nullable(),
  audio_file_url: z.string().nullable(),
  updated_at: z.string(),
});
export type TSpeakerProfile = z.infer<typeof ZSpeakerProfile>;

/** PUT /api/me/speaker-profile: the viewer's own topic and bio. */
export const ZSpeakerProfileForm = z.object({
  speaker_topic: zText().pipe(z.string().max(200, 'Topic must be at most 200 characters')).transform((v) => (v === '' ? null : v)).nullable(),
  bio: zText({ multiline: true }).pipe(z.string().max(2000, 'Bio must be at most 2000 characters')).transform((v) => (v === '' ? null : v)).nullable(),
});
export type TSpeakerProfileForm = z.input<typeof ZSpeakerProfileForm>;

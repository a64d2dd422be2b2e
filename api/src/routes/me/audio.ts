import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIO_MAX_BYTES, AUDIO_MESSAGES, AUDIO_PURPOSES, isWebm, memberAudioPath } from '@app/common/domain/audio';
import { ZApiError } from '@app/common/schemas/errors';
import { ZAudioUploaded } from '@app/common/schemas/profiles';
import { httpError } from '../../http-error';
import { saveProfileAudio } from '../../services/audio.service';

/** Declared part types we accept (the bytes are checked too): what browsers label a MediaRecorder WebM blob. */
const ACCEPTED_TYPES = new Set(['audio/webm', 'video/webm', 'application/octet-stream', '']);

/** Documents the multipart body; validation is the handler's (the bytes are read as a stream, not parsed into the body). */
const ZAudioUploadBody = z
  .object({ audio: z.string().meta({ format: 'binary', description: `The recording: WebM (starts with 1A 45 DF A3), at most ${AUDIO_MAX_BYTES} bytes` }) })
  .nullish();

function isTooLarge(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** POST /api/me/audio: the signed-in member's own profile recording (the id comes from the session only). */
export const meAudioRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: AUDIO_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });

  app.post(
    '/api/me/audio',
    {
      config: { access: 'member' },
      schema: {
        tags: ['me'],
        summary:
          'Upload my profile audio (multipart field "audio", WebM, at most 10 MB); replaces the previous recording. purpose=speaker (the speaker page) stores it as user-audio/{discord_id}/audio-{timestamp}.webm',
        consumes: ['multipart/form-data'],
        querystring: z.object({ purpose: z.enum(AUDIO_PURPOSES, { error: 'purpose must be profile or speaker' }).default('profile') }),
        body: ZAudioUploadBody,
        response: { 201: ZAudioUploaded, 400: ZApiError, 401: ZApiError, 403: ZApiError, 413: ZApiError, 415: ZApiError },
      },
      // Before body validation: anything but multipart is the wrong media type, whatever its content.
      preValidation: async (req) => {
        if (!req.isMultipart()) throw httpError(415, AUDIO_MESSAGES.notMultipart);
      },
    },
    async (req, reply) => {
      const userId = req.session!.userId;
      let bytes: Buffer;
      let declared: string;
      try {
        const part = await req.file();
        if (!part || part.fieldname !== 'audio') throw httpError(400, AUDIO_MESSAGES.missing);
        declared = (part.mimetype.split(';')[0] ?? '').trim().toLowerCase();
        bytes = await part.toBuffer();
        if (part.file.truncated) throw httpError(413, AUDIO_MESSAGES.tooLarge);
      } catch (err) {
        if (isTooLarge(err)) throw httpError(413, AUDIO_MESSAGES.tooLarge);
        throw err;
      }
      if (bytes.length === 0) throw httpError(400, AUDIO_MESSAGES.empty);
      if (!isWebm(bytes) || !ACCEPTED_TYPES.has(declared)) throw httpError(415, AUDIO_MESSAGES.notWebm);

      const saved = await saveProfileAudio({ db: app.db, storage: app.storage, log: req.log }, userId, bytes, req.query.purpose);
      req.log.info({ userId, key: saved.key, size: saved.size }, 'profile audio saved');
      // The stored file is private: the page plays it through the access-checked route.
      return reply.status(201).send({ audioUrl: memberAudioPath(userId, saved.audioUrl), size: saved.size });
    },
  );
};

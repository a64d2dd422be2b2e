import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meApi } from '@app/common/api/me';
import { AUDIO_MAX_BYTES, AUDIO_MESSAGES, isWebm, memberAudioPath } from '@app/common/domain/audio';
import { httpError } from '../../http-error';
import { findUnstorable, unstorableError } from '../../plugins/string-gate';
import { saveProfileAudio } from './audio.service';
import { uploadAudioSchema } from './schema';

/** Declared part types we accept (the bytes are checked too): what browsers label a MediaRecorder WebM blob. */
const ACCEPTED_TYPES = new Set(['audio/webm', 'video/webm', 'application/octet-stream', '']);

/** The strings a multipart upload carries: the file's name (under its field's name) and every plain field sent before it. */
function partTexts(part: MultipartFile): Record<string, unknown> {
  const texts: Record<string, unknown> = { [part.fieldname]: part.filename };
  for (const [name, f] of Object.entries(part.fields)) {
    const values = (Array.isArray(f) ? f : [f]).flatMap((one) => (one?.type === 'field' ? [one.value] : []));
    if (values.length) texts[name] = values.length === 1 ? values[0] : values;
  }
  return texts;
}

function isTooLarge(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** POST /api/me/audio: the signed-in member's own profile recording (the id comes from the session only). */
export const meAudioRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: AUDIO_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });

  app.post(
    meApi.uploadAudio.path,
    {
      config: { access: 'member' },
      schema: uploadAudioSchema,
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
        // The gate's check for what the root hook could not see: the parts are streamed here, after it ran.
        const bad = findUnstorable(partTexts(part));
        if (bad) return reply.status(400).send(unstorableError(req, 'body', bad));
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

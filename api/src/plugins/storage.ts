import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStorage, isValidKey, type ByteRange, type Storage, type StorageEnv } from '@app/common/server/storage/index';
import { httpError } from '../http-error';
import { isRecordingChunkKey } from '@app/common/studio';
import { isProfileAudioKey } from '@app/common/domain/audio';
import { isReceiptKey } from '@app/common/domain/receipts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Object storage (disk or S3, per STORAGE_DRIVER). */
    storage: Storage;
  }
}

/** Parses a single `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null when absent or not one we serve. */
function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a stored object with its content type, ETag and byte ranges (audio seeking); `cacheControl`
 * overrides the object's own (access-checked routes must not let shared caches keep private files).
 */
export async function sendStoredObject(req: FastifyRequest, reply: FastifyReply, storage: Storage, key: string, cacheControl?: string): Promise<FastifyReply> {
  const meta = await storage.stat(key);
  if (!meta) throw httpError(404, 'File not found');

  reply.header('cache-control', cacheControl ?? meta.cacheControl);
  reply.header('accept-ranges', 'bytes');
  reply.header('x-content-type-options', 'nosniff');
  if (meta.etag) reply.header('etag', meta.etag);
  if (meta.lastModified) reply.header('last-modified', meta.lastModified.toUTCString());
  if (meta.etag && req.headers['if-none-match'] === meta.etag) return reply.status(304).send();

  const range = parseRange(req.headers.range, meta.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${meta.size}`);
    return reply.status(416).send({ statusCode: 416, error: 'Range Not Satisfiable', message: 'Requested range not satisfiable', requestId: req.id });
  }
  const obj = await storage.stream(key, range ?? undefined);
  if (!obj) throw httpError(404, 'File not found');
  reply.type(obj.contentType);
  if (obj.range) {
    reply.status(206);
    reply.header('content-range', `bytes ${obj.range.start}-${obj.range.end}/${obj.size}`);
    reply.header('content-length', obj.range.end - obj.range.start + 1);
  } else {
    reply.header('content-length', obj.size);
  }
  return reply.send(obj.body);
}

/**
 * Object storage for the app, and `GET /files/*`, which serves stored objects from either driver with
 * their content type, their cache control (3600 s by default), ETag and byte ranges (audio seeking).
 */
export const storagePlugin = fp<{ env: StorageEnv; storage?: Storage }>(
  async (app, opts) => {
    const storage = opts.storage ?? createStorage(opts.env);
    await storage.ready();
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());

    app.withTypeProvider<ZodTypeProvider>().get(
      '/files/*',
      {
        config: { access: 'public' },
        schema: {
          tags: ['files'],
          summary: 'A stored public file (session recordings, flyers, thumbnails), with byte ranges; member audio is served by GET /api/members/{id}/audio',
          params: z.object({ '*': z.string() }),
          produces: ['*/*'],
        },
      },
      async (req, reply) => {
        const key = req.params['*'];
        // Raw studio chunks are private (only the finalized recording is served), and member audio
        // follows its owner's Profile Visibility, so a copied /files URL must not bypass that check; receipts are their payer's only.
        if (!isValidKey(key) || isRecordingChunkKey(key) || isProfileAudioKey(key) || isReceiptKey(key)) throw httpError(404, 'File not found');
        return sendStoredObject(req, reply, storage, key);
      },
    );
  },
  { name: 'storage' },
);

import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  clampRange,
  DEFAULT_CACHE_CONTROL,
  isValidKey,
  type ByteRange,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';

/** Where files are served from when the disk driver is used: the API's `/files/{key}` route. */
export const FILES_ROUTE_PREFIX = '/files/';

interface Meta {
  contentType: string;
  cacheControl: string;
}

/**
 * Local-disk storage under `root`: the object at `{root}/{key}`, its content type and cache control in
 * `{root}/.meta/{key}.json`. Writes go to `{root}/.tmp` first and are renamed into place, so a reader
 * never sees a half-written file. The API serves the files at `/files/{key}`.
 */
export function createDiskStorage(opts: { root: string }): Storage {
  const root = path.resolve(opts.root);
  const tmpDir = path.join(root, '.tmp');
  const file = (key: string) => path.join(root, ...assertKey(key).split('/'));
  const metaFile = (key: string) => path.join(root, '.meta', ...`${assertKey(key)}.json`.split('/'));

  async function readMeta(key: string): Promise<Meta> {
    try {
      return JSON.parse(await readFile(metaFile(key), 'utf8')) as Meta;
    } catch {
      return { contentType: 'application/octet-stream', cacheControl: DEFAULT_CACHE_CONTROL };
    }
  }

  async function statObject(key: string): Promise<StoredObject | null> {
    let s;
    try {
      s = await stat(file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    if (!s.isFile()) return null;
    const meta = await readMeta(key);
    return { key, size: s.size, ...meta, etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`, lastModified: s.mtime };
  }

  async function put(key: string, body: Buffer | Uint8Array | Readable, o: PutOptions): Promise<StoredObject> {
    const target = file(key);
    const meta: Meta = { contentType: o.contentType, cacheControl: o.cacheControl ?? DEFAULT_CACHE_CONTROL };
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
    try {
      // A 1 MiB buffer lets a fast source queue several chunks, which the stream then writes with one writev.
      if (body instanceof Readable) await pipeline(body, createWriteStream(tmp, { flags: 'wx', highWaterMark: 1 << 20 }));
      else await writeFile(tmp, body, { flag: 'wx' });
      await mkdir(path.dirname(metaFile(key)), { recursive: true });
      await writeFile(`${tmp}.meta`, JSON.stringify(meta));
      await rename(`${tmp}.meta`, metaFile(key));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      await rm(`${tmp}.meta`, { force: true });
      throw err;
    }
    const stored = await statObject(key);
    if (!stored) throw new Error(`stored object vanished: ${key}`);
    return stored;
  }

  return {
    driver: 'disk',
    async ready() {
      await mkdir(tmpDir, { recursive: true });
    },
    put,
    uploadStream: async (key, body, o) => ({ ...(await put(key, body, o)), parts: 1 }),
    stat: statObject,
    async exists(key) {
      return (await statObject(key)) !== null;
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async stream(key: string, range?: ByteRange): Promise<ObjectStream | null> {
      const meta = await statObject(key);
      if (!meta) return null;
      const r = range ? clampRange(range, meta.size) : null;
      if (range && !r) throw new RangeError(`range ${range.start}-${range.end} not satisfiable for ${meta.size} bytes`);
      const body = createReadStream(file(key), r ? { start: r.start, end: r.end } : {});
      return { ...meta, body, range: r };
    },
    async delete(key) {
      await rm(file(key), { force: true });
      await rm(metaFile(key), { force: true });
    },
    publicUrl(key) {
      return `${FILES_ROUTE_PREFIX}${assertKey(key)}`;
    },
    keyFromPublicUrl(url) {
      if (!url.startsWith(FILES_ROUTE_PREFIX)) return null;
      const key = url.slice(FILES_ROUTE_PREFIX.length);
      return isValidKey(key) ? key : null;
    },
    close() {},
  };
}

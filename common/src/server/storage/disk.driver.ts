import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
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
  type UploadStreamOptions,
} from './storage';

/** Where files are served from when the disk driver is used: the API's `/files/{key}` route. */
export const FILES_ROUTE_PREFIX = '/files/';

interface Meta {
  contentType: string;
  cacheControl: string;
}

/** Folders a blob put has made or found, remembered so the next blob in the same folder needs no mkdir. */
const KNOWN_DIRS_MAX = 10_000;
/** Objects deleted at once by deleteMany. */
const DELETE_CONCURRENCY = 32;

/**
 * One blob written whole and renamed into place, synchronously: open, write, close and rename on the calling thread.
 * A studio chunk (the only blob: ~330 KB into the page cache) costs less to write than to hand to libuv's pool four
 * times: each of the four steps woke a pool thread and then the event loop (about 21 context switches a chunk, 4 now,
 * against 5 for one append; 5–8 % less CPU per chunk in A/B runs, within their spread; docs/benchmarks.md). It waits for
 * the page cache, as it waits for the chunk's sha256 just before; a disk that stalls stalls every chunk's ack either way.
 */
function writeAndRename(tmp: string, target: string, body: Uint8Array): void {
  writeFileSync(tmp, body, { flag: 'wx' });
  renameSync(tmp, target);
}

/**
 * Local-disk storage under `root`: the object at `{root}/{key}`, its content type and cache control in
 * `{root}/.meta/{key}.json` (blobs have none: they read as application/octet-stream). Writes go to
 * `{root}/.tmp` first and are renamed into place, so a reader never sees a half-written file. The API
 * serves the files at `/files/{key}`.
 */
export function createDiskStorage(opts: { root: string }): Storage {
  const root = path.resolve(opts.root);
  const tmpDir = path.join(root, '.tmp');
  const file = (key: string) => path.join(root, ...assertKey(key).split('/'));
  const metaFile = (key: string) => path.join(root, '.meta', ...`${assertKey(key)}.json`.split('/'));
  // Blob temp names: a random prefix per driver (several processes may share the folder) and a counter.
  const tmpPrefix = path.join(tmpDir, `b${randomBytes(8).toString('hex')}-`);
  let tmpCount = 0;
  const knownDirs = new Set<string>();

  async function ensureDir(dir: string): Promise<void> {
    if (knownDirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    if (knownDirs.size >= KNOWN_DIRS_MAX) knownDirs.clear();
    knownDirs.add(dir);
  }

  async function putBlob(key: string, body: Uint8Array, again = true): Promise<void> {
    const target = file(key);
    const tmp = `${tmpPrefix}${++tmpCount}`;
    const dir = path.dirname(target);
    // Known folders (every chunk after a take's first) cost no await at all.
    if (!knownDirs.has(dir) || !knownDirs.has(tmpDir)) await Promise.all([ensureDir(dir), ensureDir(tmpDir)]);
    try {
      writeAndRename(tmp, target, body);
    } catch (err) {
      await rm(tmp, { force: true });
      // A folder removed since it was remembered (a take's chunks deleted, then resent): make it again, once.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || !again) throw err;
      knownDirs.delete(path.dirname(target));
      knownDirs.delete(tmpDir);
      return putBlob(key, body, false);
    }
  }

  /** Writes the metadata file for `key` (written before the object is renamed into place). */
  async function writeMeta(key: string, tmp: string, o: PutOptions): Promise<void> {
    const meta: Meta = { contentType: o.contentType, cacheControl: o.cacheControl ?? DEFAULT_CACHE_CONTROL };
    await mkdir(path.dirname(metaFile(key)), { recursive: true });
    await writeFile(`${tmp}.meta`, JSON.stringify(meta));
    await rename(`${tmp}.meta`, metaFile(key));
  }

  async function adoptFile(key: string, local: string, o: UploadStreamOptions): Promise<StoredObject & { parts: number }> {
    const target = file(key);
    try {
      await writeMeta(key, local, o);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(local, target);
    } catch (err) {
      await rm(`${local}.meta`, { force: true });
      // Made on another filesystem than the store's: copy it in instead.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const stored = await put(key, createReadStream(local, { highWaterMark: 1 << 20 }), o);
      await rm(local, { force: true });
      return { ...stored, parts: 1 };
    }
    const stored = await statObject(key);
    if (!stored) throw new Error(`stored object vanished: ${key}`);
    return { ...stored, parts: 1 };
  }

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
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
    try {
      // A 1 MiB buffer lets a fast source queue several chunks, which the stream then writes with one writev.
      if (body instanceof Readable) await pipeline(body, createWriteStream(tmp, { flags: 'wx', highWaterMark: 1 << 20 }));
      else await writeFile(tmp, body, { flag: 'wx' });
      await writeMeta(key, tmp, o);
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

  async function deleteObject(key: string): Promise<void> {
    await Promise.all([rm(file(key), { force: true }), rm(metaFile(key), { force: true })]);
  }

  return {
    driver: 'disk',
    async ready() {
      await mkdir(tmpDir, { recursive: true });
    },
    put,
    uploadStream: async (key, body, o) => ({ ...(await put(key, body, o)), parts: 1 }),
    putBlob,
    blobFile: file,
    scratchRoot: () => tmpDir,
    adoptFile,
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
    delete: deleteObject,
    async deleteMany(keys) {
      // Blobs have no metadata file: a folder with no metadata folder beside it needs no second unlink per object.
      const metaDirs = new Map<string, Promise<boolean>>();
      const hasMeta = (key: string) => {
        const dir = path.dirname(metaFile(key));
        if (!metaDirs.has(dir)) metaDirs.set(dir, stat(dir).then(() => true, () => false));
        return metaDirs.get(dir)!;
      };
      // unlink, not rm: rm first lstats every path (one more file operation per object).
      const unlinkBlob = (key: string) =>
        unlink(file(key)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        });
      const remove = async (key: string) => ((await hasMeta(key)) ? deleteObject(key) : unlinkBlob(key));
      // DELETE_CONCURRENCY at a time, each starting the next as it ends (no batch waiting for its slowest unlink).
      let next = 0;
      const lane = async () => {
        while (next < keys.length) await remove(keys[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, lane));
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

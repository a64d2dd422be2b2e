import type { FileHandle } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

/** A local file to read, with the size it must have. */
export interface SizedFile {
  path: string;
  size: number;
}

/** A file the caller holds open, read from its start to its end, whatever its size. */
interface OpenFile {
  fd: number;
}

/** A file of the list that is missing, or whose size is not the one it must have. */
export class FileCheckError extends Error {
  override name = 'FileCheckError';
  constructor(
    /** Its position in the list. */
    readonly index: number,
    /** The bytes it holds, or null when it does not exist. */
    readonly actual: number | null,
  ) {
    super(actual === null ? `file ${index} is missing` : `file ${index} holds ${actual} bytes`);
  }
}

/**
 * The thread's code, plain CommonJS so that it runs the same under tsx and from the compiled bundles. Each file is read
 * with synchronous reads into one reused buffer: on this thread a blocking read costs nothing to anyone, and it is the
 * fastest way through many small files (a 15-minute take is ~900 of ~330 KB): no hop through libuv's pool per open, read
 * and close, and no new buffer per file, whose first touch costs a page fault per 4 KB on a virtual machine. Measured on
 * such a take: ~0.29 s, thread start included, against ~0.55–0.70 s for the same reads and hash on the main thread.
 * A file given by its descriptor (the process's descriptors are the thread's too) is read at explicit positions and
 * left open for its owner.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const buf = Buffer.allocUnsafeSlow(workerData.readBytes);
const hash = createHash('sha256');
let done = 0;
let sent = 0;
const run = () => {
  for (let i = 0; i < workerData.files.length; i++) {
    const { path, size, fd: given } = workerData.files[i];
    let fd = given;
    if (fd === undefined) {
      try {
        fd = openSync(path, 'r');
      } catch (err) {
        if (err.code === 'ENOENT') return { problem: { index: i, actual: null } };
        throw err;
      }
    }
    let read = 0;
    try {
      for (;;) {
        const n = readSync(fd, buf, 0, buf.length, read);
        if (n === 0) break;
        hash.update(buf.subarray(0, n));
        read += n;
      }
    } finally {
      if (given === undefined) closeSync(fd);
    }
    if (size !== undefined && read !== size) return { problem: { index: i, actual: read } };
    done += read;
    if (done - sent >= workerData.progressBytes) {
      sent = done;
      parentPort.postMessage({ done });
    }
  }
  return { sha256: hash.digest('hex'), size: done };
};
parentPort.postMessage(run());
`;

/**
 * sha256 and total size of `files` read one after the other as one byte stream, on a thread of its own, so the
 * event loop stays free and the reads and the hash take another core than the caller's. Each file is checked against
 * its size on the way: the first one missing or of another size rejects with a FileCheckError. `onBytes` hears of the
 * bytes done about every `progressBytes`.
 */
export function hashFiles(files: readonly SizedFile[], onBytes: (bytesDone: number) => void, progressBytes = 4 << 20): Promise<{ sha256: string; size: number }> {
  return onThread(files, onBytes, progressBytes, 1 << 20);
}

/**
 * sha256 and size of a file the caller holds open, read once from its start on a thread of its own (as hashFiles):
 * on a 295 MB file ~0.19 s, against ~0.25 s for the same reads asked of libuv's pool and hashed on the event loop.
 */
export function hashFile(fh: FileHandle, readBytes = 1 << 20): Promise<{ sha256: string; size: number }> {
  return onThread([{ fd: fh.fd }], () => {}, Number.MAX_SAFE_INTEGER, readBytes);
}

function onThread(files: readonly (SizedFile | OpenFile)[], onBytes: (bytesDone: number) => void, progressBytes: number, readBytes: number): Promise<{ sha256: string; size: number }> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(THREAD, { eval: true, workerData: { files, progressBytes, readBytes } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    thread.on('message', (m: { done?: number; sha256?: string; size?: number; problem?: { index: number; actual: number | null } }) => {
      if (m.problem) settle(() => reject(new FileCheckError(m.problem!.index, m.problem!.actual)));
      else if (m.sha256 !== undefined) settle(() => resolve({ sha256: m.sha256!, size: m.size! }));
      else if (m.done !== undefined && !settled) onBytes(m.done);
    });
    thread.once('error', (err) => settle(() => reject(err)));
    thread.once('exit', (code) => settle(() => reject(new Error(`the hashing thread exited with ${code} before it answered`))));
  });
}

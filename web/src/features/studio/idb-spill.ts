import type { SpillStore } from './chunks';

const DB_NAME = 'adx-studio';
const STORE = 'chunks';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  }).catch((err: unknown) => {
    dbPromise = null;
    throw err;
  });
  return dbPromise;
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return request(fn(db.transaction(STORE, mode).objectStore(STORE)));
}

/** The seqs this browser still holds of a take (unacknowledged chunks left by a crash or a closed tab), ascending. */
export async function savedSeqs(recordingId: string): Promise<number[]> {
  if (typeof indexedDB === 'undefined') return [];
  const range = IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER]);
  const keys = (await run('readonly', (s) => s.getAllKeys(range))) as Array<[string, number]>;
  return keys.map((k) => k[1]).sort((a, b) => a - b);
}

/**
 * The uploader's store in IndexedDB: chunks of one recording keyed by [recording id, seq]. The studio writes
 * every chunk here before sending it and deletes it on its ack, so a crash leaves exactly the unsent ones
 * (take-recovery.ts). Null when the browser has no IndexedDB (the uploader then keeps chunks in memory).
 */
export function indexedDbSpill(recordingId: string): SpillStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const range = IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER]);
  return {
    async put(seq, bytes) {
      await run('readwrite', (s) => s.put(bytes, [recordingId, seq]));
    },
    async get(seq) {
      const value = (await run('readonly', (s) => s.get([recordingId, seq]))) as unknown;
      return value instanceof Uint8Array ? value : value instanceof ArrayBuffer ? new Uint8Array(value) : undefined;
    },
    async delete(seq) {
      await run('readwrite', (s) => s.delete([recordingId, seq]));
    },
    async clear() {
      await run('readwrite', (s) => s.delete(range));
    },
  };
}

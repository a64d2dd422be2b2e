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

/**
 * The uploader's spill store in IndexedDB: chunks of one recording keyed by [recording id, seq]. Null when the
 * browser has no IndexedDB (the uploader then keeps everything in memory).
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

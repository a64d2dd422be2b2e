/**
 * Node's flags for the API process (npm start, the benches; the Dockerfile and docker-compose.yml spell the same).
 *
 * A larger young generation (V8's default semi-space is 16 MB), chosen when every studio chunk passed through the API
 * as a few hundred KB of socket reads and one frame buffer: with the default, those buffers often outlived two
 * scavenges and were promoted, and each few dozen chunks cost a full mark-compact of the API's ~50 MB heap. The chunks
 * now go to the studio's ingest process, which has flags of its own (api/src/modules/studio/ingest-host.ts). For the
 * API's own load, measured against V8's default (docs/benchmarks.md, "2026-12-02, midday"): the ledger's pages cost
 * 5-10 % less CPU per request with it; the API's RSS after the processes bench's load is ~245 MB with it and ~155 MB
 * without; idle, after its collection, the same (~110 MB); webhooks the same. It stays while the ledger's throughput
 * ratio is a target; a server short of memory under load would rather run without it.
 *
 * --expose-gc: V8 keeps a young generation at the size its last burst grew it to (start-up, or load), and an idle
 * process allocates too little to trigger a collection that would give it back. With `gc` exposed, the process runs
 * one full collection after IDLE_GC_SECONDS without a request (common/src/server/idle-memory.ts); nothing else calls it.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64', '--expose-gc'];

/** Node's flags for the worker process (same places as the API's): --expose-gc for its idle collection (above). */
export const WORKER_NODE_FLAGS = ['--expose-gc'];

/**
 * Node's flags for the API process (npm start, the benches; the Dockerfile and docker-compose.yml spell the same).
 *
 * A larger young generation (V8's default semi-space is 16 MB), chosen when every studio chunk passed through the API
 * as a few hundred KB of socket reads and one frame buffer: with the default, those buffers often outlived two
 * scavenges and were promoted, and each few dozen chunks cost a full mark-compact of the API's ~50 MB heap. The chunks
 * now go to the studio's ingest process, which has flags of its own (api/src/modules/studio/ingest-host.ts); this
 * flag stays for the API's other bursts (a webhook storm, a page of proofs) and has not been measured again for them.
 *
 * --expose-gc: V8 keeps a young generation at the size its last burst grew it to (start-up, or load), and an idle
 * process allocates too little to trigger a collection that would give it back. With `gc` exposed, the process runs
 * one full collection after IDLE_GC_SECONDS without a request (common/src/server/idle-memory.ts); nothing else calls it.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64', '--expose-gc'];

/** Node's flags for the worker process (same places as the API's): --expose-gc for its idle collection (above). */
export const WORKER_NODE_FLAGS = ['--expose-gc'];

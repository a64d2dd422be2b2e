/**
 * Node's flags for the API process (npm start, the benches; the Dockerfile and docker-compose.yml spell the same).
 *
 * A larger young generation (V8's default semi-space is 16 MB): every studio chunk passes through the API as a few
 * hundred KB of socket reads and one frame buffer that live for the milliseconds until the chunk is stored. With the
 * default, those buffers often outlive two scavenges and are promoted, and each few dozen chunks then cost a full
 * mark-compact of the API's ~50 MB heap (most of the API's CPU per chunk, measured with --trace-gc in the studio
 * bench); with 64 MB they die young and a cheap scavenge frees them.
 *
 * --expose-gc: V8 keeps a young generation at the size its last burst grew it to (start-up, or load), and an idle
 * process allocates too little to trigger a collection that would give it back. With `gc` exposed, the process runs
 * one full collection after IDLE_GC_SECONDS without a request (common/src/server/idle-memory.ts); nothing else calls it.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64', '--expose-gc'];

/** Node's flags for the worker process (same places as the API's): --expose-gc for its idle collection (above). */
export const WORKER_NODE_FLAGS = ['--expose-gc'];

import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/**
 * Where every process's log lines go: its stdout, each line written before the call returns. pino's default hands
 * each write to libuv's thread pool, and a process that exits while the pool is busy (a loaded host: file reads,
 * hashes, DNS) printed its last lines out of order or not at all, the drained worker's last "job done" among them.
 * Each line is now its own write(2) with no hop through the pool (the default merged the lines logged while a write
 * was in flight); a stdout whose reader stops reading makes the process wait.
 */
const logDestination = (): DestinationStream => pino.destination({ dest: 1, sync: true });

/** A process's logger (the worker's, the studio ingest process's); the API's comes from `apiLoggerOptions`. */
export const createLogger = (opts: LoggerOptions) => pino(opts, logDestination());

/** Fastify's logger options: the level, the secrets it must never print, and the same destination. */
export const apiLoggerOptions = (level: string) => ({
  level,
  redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["stripe-signature"]'],
  stream: logDestination(),
});

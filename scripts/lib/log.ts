/**
 * Tiny coloured console helper for the bootstrap scripts.
 *
 * Colours are used only when the stream is a TTY and NO_COLOR is unset (FORCE_COLOR forces them).
 * Every line goes to stderr except `info`, which goes to stdout.
 */

type Paint = (text: string) => string;

function colourEnabled(stream: NodeJS.WriteStream): boolean {
  const env = process.env;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

function painter(open: number, close: number, stream: NodeJS.WriteStream): Paint {
  return (text) => (colourEnabled(stream) ? `\u001b[${open}m${text}\u001b[${close}m` : text);
}

export const colours = {
  dim: painter(2, 22, process.stderr),
  bold: painter(1, 22, process.stderr),
  red: painter(31, 39, process.stderr),
  green: painter(32, 39, process.stderr),
  yellow: painter(33, 39, process.stderr),
  cyan: painter(36, 39, process.stderr),
};

export interface Logger {
  /** Plain progress line, e.g. "postgres: using 127.0.0.1:5432". */
  (msg: string): void;
  info(msg: string): void;
  ok(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
  /** Returns a logger whose lines are prefixed with `[tag]`. */
  child(tag: string): Logger;
}

/** Creates a logger; `tag` (optional) is printed dimmed in front of every line. */
export function createLogger(tag?: string): Logger {
  const prefix = (paint: Paint, stream: NodeJS.WriteStream) => {
    const p = tag ? colours.dim(`[${tag}] `) : '';
    return (msg: string) => stream.write(`${p}${paint(msg)}\n`);
  };
  const plain = prefix((s) => s, process.stderr);
  const log = ((msg: string) => void plain(msg)) as Logger;
  const info = prefix((s) => s, process.stdout);
  const ok = prefix(colours.green, process.stderr);
  const warn = prefix(colours.yellow, process.stderr);
  const error = prefix(colours.red, process.stderr);
  log.info = (msg) => void info(msg);
  log.ok = (msg) => void ok(msg);
  log.warn = (msg) => void warn(msg);
  log.error = (msg) => void error(msg);
  log.child = (childTag) => createLogger(tag ? `${tag}:${childTag}` : childTag);
  return log;
}

/** Default logger for scripts. */
export const log: Logger = createLogger();

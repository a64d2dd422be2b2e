import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where local services and files live when nothing is configured. */
export const DATA_DIR = path.join(ROOT, '.data');
/** Local binaries installed by npm. */
export const BIN = path.join(ROOT, 'node_modules/.bin');

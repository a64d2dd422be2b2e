import path from 'node:path';
import { repoRoot } from '@app/common/server/repo-root';

/** The repository root. */
export const ROOT = repoRoot;
/** Where local services and files live when nothing is configured. */
export const DATA_DIR = path.join(ROOT, '.data');
/** Local binaries installed by npm. */
export const BIN = path.join(ROOT, 'node_modules/.bin');

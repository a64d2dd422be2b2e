import { spawnSync } from 'node:child_process';
import { ensureAptPackage } from './apt';

/** Whether `pdftotext` runs from PATH. */
function installed(): boolean {
  return spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;
}

/**
 * Makes sure Debian's poppler-utils is installed: the receipt tests read the PDF receipts back with its `pdftotext`, an
 * implementation nobody here wrote. apt-get when root, like Chromium and ffmpeg.
 */
export async function ensurePdftotext(log: (m: string) => void): Promise<void> {
  await ensureAptPackage('poppler-utils', installed, log, 'the receipt tests read PDFs with pdftotext: install it with `sudo apt-get install -y poppler-utils`', 'pdftotext still does not run');
}

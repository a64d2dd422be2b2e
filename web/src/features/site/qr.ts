import qrcode from 'qrcode-generator';

/**
 * One SVG path for the dark modules of `text`'s QR code (error correction M), in module units, plus the size.
 * Loaded on demand by QrCode, so the generator is not part of the landing page's first load.
 */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.isDark(r, c)) continue;
      // Join runs of dark modules on a row into one rectangle.
      let run = 1;
      while (c + run < n && qr.isDark(r, c + run)) run++;
      d += `M${c} ${r}h${run}v1h-${run}z`;
      c += run - 1;
    }
  }
  return { size: n, d };
}

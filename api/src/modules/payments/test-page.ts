/** The TEST MODE pages' HTML: escaped text in one plain page with the TEST MODE banner (no script: the CSP allows none inline). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#f6f4ee;color:#0b1730}
.banner{background:#b45309;color:#fff;text-align:center;padding:10px;font-weight:700;letter-spacing:.08em}
main{max-width:440px;margin:48px auto;padding:0 16px}.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:28px}
h1{font-size:22px;margin:0 0 8px}.amount{font-size:40px;font-weight:700;margin:16px 0}.desc{color:#334155;line-height:1.5}
.row{display:flex;gap:12px;margin-top:24px}button{flex:1;font-size:16px;font-weight:700;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#0b1730;color:#fff}.cancel{background:#fff;color:#0b1730;border:1px solid #94a3b8}.note{font-size:13px;color:#475569;margin-top:20px}
</style></head><body><div class="banner">TEST MODE — no real payment is taken</div><main>${body}</main></body></html>`;
}


import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { allowScriptHashes, DATA_CSP, securityPlugin } from '../../api/src/plugins/security';

describe('CSP with a public storage origin (S3_PUBLIC_URL)', () => {
  it('allows that origin for images (flyers, thumbnails) as well as media', async () => {
    const app = Fastify();
    await app.register(securityPlugin, { production: false, mediaOrigins: ['https://cdn.example.org'] });
    app.get('/x', async () => 'ok');
    const csp = String((await app.inject('/x')).headers['content-security-policy']);
    await app.close();
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).toContain('https://cdn.example.org');
    expect(directive('media-src')).toContain('https://cdn.example.org');
  });
});

describe('allowScriptHashes (the prerendered pages\' inline loader)', () => {
  it('adds well-formed sha256 sources to script-src only, and nothing else', async () => {
    const app = Fastify();
    await app.register(securityPlugin, { production: false });
    app.get('/x', async () => 'ok');
    const csp = String((await app.inject('/x')).headers['content-security-policy']);
    await app.close();
    const hash = "'sha256-ilDCnr+cPHgZfKZNoukIg/XKc9CHxgcNGMRmADV99Co='";
    const out = allowScriptHashes(csp, [hash, "'unsafe-inline'", "'sha256-x' 'unsafe-eval'"]);
    const directives = (c: string) => c.split(';').map((d) => d.trim());
    expect(directives(out).find((d) => d.startsWith('script-src '))).toBe(`script-src 'self' ${hash}`);
    expect(directives(out).filter((d) => !d.startsWith('script-src '))).toEqual(directives(csp).filter((d) => !d.startsWith('script-src ')));
    expect(allowScriptHashes(csp, [])).toBe(csp);
  });
});

describe('JSON answers', () => {
  it('carry the data policy and none of the document-only headers; other answers keep the pages\' policy', async () => {
    const app = Fastify();
    await app.register(securityPlugin, { production: true });
    app.get('/data', async () => ({ ok: true }));
    app.get('/text', async () => 'ok');
    const data = (await app.inject('/data')).headers;
    const text = (await app.inject('/text')).headers;
    await app.close();
    expect(data['content-type']).toMatch(/^application\/json/);
    expect(data['content-security-policy']).toBe(DATA_CSP);
    for (const kept of ['x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy', 'strict-transport-security']) expect(data[kept], kept).toBe(text[kept]);
    for (const gone of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'referrer-policy']) {
      expect(data[gone], gone).toBeUndefined();
      expect(text[gone], gone).toBeDefined();
    }
    expect(String(text['content-security-policy'])).toContain("script-src 'self'");
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { allowScriptHashes, securityPlugin } from '../../api/src/plugins/security';

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

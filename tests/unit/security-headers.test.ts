import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityPlugin } from '../../api/src/plugins/security';

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

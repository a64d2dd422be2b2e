import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { probe } from '../helpers/media';
import { multipart } from '../helpers/multipart';
import { signInAs } from '../helpers/session';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Opus in a live WebM, as the profile and speaker pages' MediaRecorder uploads it: no duration, no seek index. */
function liveAudio(seconds: number): Buffer {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000', '-t', String(seconds), '-c:a', 'libopus', '-live', '1', '-f', 'webm', 'pipe:1'], { maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(String(r.stderr));
  return r.stdout;
}

async function probeBytes(bytes: Buffer) {
  const file = path.join(os.tmpdir(), `audio-remux-${Date.now()}.webm`);
  await writeFile(file, bytes);
  return probe(file);
}

describe('profile and speaker-page audio', () => {
  for (const purpose of ['profile', 'speaker'] as const) {
    it(`${purpose}: the stored recording states its duration (remuxed from MediaRecorder's live WebM)`, async () => {
      const client = await signInAs(t.app, t.database.db, `remux_${purpose}`);
      const sent = liveAudio(3);
      expect((await probeBytes(sent)).duration).toBeNull();
      const { payload, headers } = multipart([{ name: 'audio', value: sent, filename: 'recording.webm', contentType: 'audio/webm' }]);
      const res = await client.request('POST', `/api/me/audio?purpose=${purpose}`, payload, headers);
      expect(res.statusCode, res.body).toBe(201);
      const { audio_file_url: storedUrl } = (await t.database.db('users').where({ id: client.userId }).first('audio_file_url')) as { audio_file_url: string };
      const key = t.app.storage.keyFromPublicUrl(storedUrl)!;
      const stored = (await t.app.storage.get(key))!;
      expect(res.json().size).toBe(stored.length);
      const probed = await probeBytes(stored);
      expect(probed.formatName).toContain('webm');
      expect(Math.abs((probed.duration ?? 0) - 3)).toBeLessThan(0.2);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanText, TEXT_MESSAGES, unstorableReason, zStorable, zText } from '@app/common/domain/text';
import { ZFeedback } from '@app/common/schemas/ecosystem-forms';
import { ZSpeakerProfileForm } from '@app/common/schemas/speakers';

describe('the shared cleaning step', () => {
  it('removes control characters, keeps words apart in single-line text and line breaks in multi-line text', () => {
    expect(cleanText(' Ada\u0007\u001b[31m Love\tlace\r\n ')).toBe('Ada[31m Love lace');
    expect(cleanText('one\r\ntwo\rthree\u0085\u0000\t!', true)).toBe('one\ntwo\nthree\t!');
  });
  it('removes bidi embedding, override and isolate controls, and normalises to NFC', () => {
    expect(cleanText('invoice\u202Efdp.exe\u202C \u2066x\u2069')).toBe('invoicefdp.exe x');
    expect(cleanText('Cafe\u0301')).toBe('Café');
  });
  it('names NUL and lone surrogates as unstorable, and accepts paired surrogates', () => {
    expect(unstorableReason('a\u0000b')).toBe(TEXT_MESSAGES.nul);
    expect(unstorableReason('a\uD800b')).toBe(TEXT_MESSAGES.surrogate);
    expect(unstorableReason('\uDC00')).toBe(TEXT_MESSAGES.surrogate);
    expect(unstorableReason('emoji 😀 ok')).toBeNull();
  });
});

describe('schemas built on it', () => {
  it('refuse NUL and lone surrogates with the clear message', () => {
    for (const [bad, message] of [['x\u0000', TEXT_MESSAGES.nul], ['x\uD83D', TEXT_MESSAGES.surrogate]] as const) {
      const r = ZSpeakerProfileForm.safeParse({ speaker_topic: `Topic ${bad}`, bio: null });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(message);
      expect(zStorable().safeParse(bad).success).toBe(false);
    }
  });
  it('clean before the length rules, so the form and the API count the same characters', () => {
    const r = ZFeedback.safeParse({ subject: '\u202E\u0007Hi!\u0001', message: 'x'.repeat(50) });
    expect(r.success).toBe(false);
    expect(zText().pipe(z.string().min(3)).parse(' \u0007abc ')).toBe('abc');
    expect(ZFeedback.parse({ subject: 'Hello\u0007 there', message: 'x'.repeat(50) }).subject).toBe('Hello there');
  });
});

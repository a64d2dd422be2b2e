import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone } from '@app/common/domain/contact';
import { cleanText } from '@app/common/domain/text';
import { consultationUrl, mailto, registrationMailto, scholarshipMailto } from '@app/common/domain/outreach';
import { calculatorNote, formatTokens, FUND_ALLOCATION, fundTooltip, parseCalculatorAmount, pitchTokens } from '@app/common/domain/pitch';

describe('e-mail pattern', () => {
  it.each(['a@b.co', 'first.last+tag@example.org', '  padded@example.com  '])('accepts %s', (v) => expect(isValidEmail(v)).toBe(true));
  it.each(['', 'plain', 'a@b', 'a b@c.de', 'a@@b.co', '@b.co'])('refuses %j', (v) => expect(isValidEmail(v)).toBe(false));
});

describe('phone pattern', () => {
  it.each([' (+1) 555 123 4567 ', '+ 1-555-123-4567', '(555)1234567'])('takes spaces, dashes and brackets anywhere: %j', (v) => expect(isValidPhone(v)).toBe(true));
  it.each(['+1 (555) 123-4567', '555-123-4567', '+442079460958', '1234567890123456'])('accepts %s', (v) => expect(isValidPhone(v)).toBe(true));
  it.each(['', '0123456789', '+0 555', 'call me', '12345678901234567', '555.123.4567', '++15551234567'])('refuses %j', (v) => expect(isValidPhone(v)).toBe(false));
});

describe('cleaning step', () => {
  it('trims and drops control characters, keeping line breaks in multi-line text', () => {
    expect(cleanText('  Ada\u0001 Lovelace \n')).toBe('Ada Lovelace');
    expect(cleanText('line one\nline two\u0007\t!', true)).toBe('line one\nline two\t!');
  });
});

const pitchTokensFor = (inputs: string[]) => inputs.map((v) => pitchTokens(v, '100'));

describe('pitch-deck calculator', () => {
  it('counts non-numeric input as 0', () => {
    for (const v of ['', '   ', 'abc', '12abc', 'NaN', 'Infinity']) expect(parseCalculatorAmount(v)).toBe(0);
  });
  it('gives 100 tokens per dollar (one penny = one token)', () => {
    expect(pitchTokens('25', '100')).toBe(2500);
    expect(pitchTokens('0.01', '100')).toBe(1);
    expect(pitchTokens('1000', '100')).toBe(100_000);
    expect(pitchTokens('19.99', '100')).toBe(1999);
    expect(pitchTokens('abc', '100')).toBe(0);
  });
  it('writes the token count as toLocaleString("en-US") does, without Intl for whole numbers', () => {
    const values = [0, -0, 1, 12, 123, 1234, 12_345, 999_999, 1_000_000, -1, -1234, -999_999_999, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 1e21, 1e300 * 1e10, 12.5];
    for (const n of [...values, ...pitchTokensFor(['100', '19.99', '-0.001', '1e15', '123456789.12'])]) expect(formatTokens(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(formatTokens(pitchTokens('100', '100'))).toBe('10,000');
  });
  it('gives no tokens for a negative amount, and says why', () => {
    expect(pitchTokens('-100', '100')).toBe(0);
    expect(formatTokens(pitchTokens('-100', '100'))).toBe('0');
    expect(calculatorNote('-100')).toMatch(/above \$0/);
    expect(calculatorNote('100')).toBeNull();
  });
  it('has the spec fund allocation', () => {
    expect(FUND_ALLOCATION.reduce((s, f) => s + f.percentage, 0)).toBe(100);
    expect(fundTooltip('Operational Costs', 20)).toBe('Operational Costs: 20%');
  });
});

describe('mail drafts and the scheduling page', () => {
  const decode = (url: string) => {
    const u = new URL(url);
    return { to: u.pathname, subject: u.searchParams.get('subject'), body: u.searchParams.get('body') };
  };

  it('encodes subject and body, with CRLF line breaks', () => {
    const d = decode(mailto('hi@example.org', 'A & B?', 'one\ntwo'));
    expect(d).toEqual({ to: 'hi@example.org', subject: 'A & B?', body: 'one\r\ntwo' });
  });

  it('builds the scholarship draft with every field and the submission date', () => {
    const url = scholarshipMailto(
      'apply@example.org',
      { fullName: 'Ada Lovelace', email: 'ada@example.org', phone: '555', businessIdea: 'Bakery', financialNeed: 'Need', communityImpact: 'Jobs', commitment: 'Yes' },
      new Date('2025-09-01T14:30:00Z'),
    );
    const d = decode(url);
    expect(d.to).toBe('apply@example.org');
    expect(d.subject).toBe('Scholarship Application - Ada Lovelace');
    for (const part of ['Full Name: Ada Lovelace', 'Email: ada@example.org', 'Phone: 555', 'Bakery', 'Need', 'Jobs', 'Relevant Experience:\r\nNot provided', 'Yes', 'Submitted: September 1, 2025 at 10:30 AM']) {
      expect(d.body).toContain(part);
    }
  });

  it('builds the registration draft naming the applicant', () => {
    const d = decode(
      registrationMailto('info@example.org', { firstName: 'Alan', lastName: 'Turing', email: 'a@t.uk', phone: '+44 1', businessIdea: 'Puzzles', experience: 'Chess', goals: 'Grow', availability: 'Sat' }),
    );
    expect(d.subject).toBe('Incubator Registration - Alan Turing');
    for (const part of ['Name: Alan Turing', 'Email: a@t.uk', 'Phone: +44 1', 'Puzzles', 'Chess', 'Grow', 'Sat']) expect(d.body).toContain(part);
  });

  it('passes sector and time commitment to a 30-minute scheduling page only when chosen', () => {
    const plain = new URL(consultationUrl('https://schedule.example.org/adx/consultation'));
    expect(plain.searchParams.get('duration')).toBe('30');
    expect(plain.searchParams.has('sector')).toBe(false);
    const chosen = new URL(consultationUrl('https://schedule.example.org/adx/consultation', { sector: 'Family', timeCommitment: '20+ hours per week' }));
    expect(chosen.searchParams.get('sector')).toBe('Family');
    expect(chosen.searchParams.get('time_commitment')).toBe('20+ hours per week');
  });
});

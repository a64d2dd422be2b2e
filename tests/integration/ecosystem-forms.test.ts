import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '@app/common/schemas/ecosystem-forms';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs } from '../helpers/session';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LONG = 'We have served our neighbourhood for ten years with honest prices and care.';

const application = {
  businessName: 'Sunrise Bakery',
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@sunrise.example',
  website: 'sunrise-bakery.com',
  businessDescription: LONG,
  customerService: LONG,
  communityProject: LONG,
  businessModel: LONG,
  technology: LONG,
};

const feedback = {
  name: 'Grace',
  email: 'grace@example.org',
  businessName: '',
  type: 'complaint',
  subject: 'Late delivery',
  message: 'My order arrived two days late and nobody answered my messages about it.',
};

describe('POST /api/forms/business-application', () => {
  it('stores a valid application as a business_application submission', async () => {
    const res = await anonymous(t.app, '10.9.0.1').request('POST', '/api/forms/business-application', application);
    expect(res.statusCode).toBe(201);
    const { id, createdAt } = res.json() as { id: string; createdAt: string };
    expect(new Date(createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const row = await t.database.db('form_submissions').where({ id }).first();
    expect(row).toMatchObject({ form: 'business_application', email: 'ada@sunrise.example', user_id: null, ip_address: '10.9.0.1' });
    // A bare domain is stored as an https URL.
    expect(row.payload).toEqual({ ...application, website: 'https://sunrise-bakery.com' });
  });

  it('takes no website at all', async () => {
    const { website: _omit, ...rest } = application;
    const res = await anonymous(t.app).request('POST', '/api/forms/business-application', rest);
    expect(res.statusCode).toBe(201);
    expect((await anonymous(t.app).request('POST', '/api/forms/business-application', { ...rest, website: '' })).statusCode).toBe(201);
  });

  const invalid: Array<[keyof typeof application, unknown, string]> = [
    ['businessName', 'A', FORM_MESSAGES.businessName],
    ['businessName', '   A   ', FORM_MESSAGES.businessName],
    ['contactName', 'B', FORM_MESSAGES.contactName],
    ['contactEmail', 'not-an-email', FORM_MESSAGES.email],
    ['website', 'not a url', FORM_MESSAGES.website],
    ['website', 'javascript:alert(1)', FORM_MESSAGES.website],
    ['businessDescription', 'Too short.', FORM_MESSAGES.businessDescription],
    ['customerService', 'x'.repeat(49), FORM_MESSAGES.customerService],
    ['communityProject', '', FORM_MESSAGES.communityProject],
    ['businessModel', 'short', FORM_MESSAGES.businessModel],
    ['technology', undefined, FORM_MESSAGES.technology],
  ];
  it.each(invalid)('refuses an invalid %s (%j) with its message', async (field, value, message) => {
    const res = await anonymous(t.app).request('POST', '/api/forms/business-application', { ...application, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: [message] });
  });

  it('lists every field\'s message for an empty form, and stores nothing', async () => {
    const before = await t.database.db('form_submissions').count({ n: '*' }).first();
    const res = await anonymous(t.app).request('POST', '/api/forms/business-application', {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ['businessDescription', 'businessModel', 'businessName', 'communityProject', 'contactEmail', 'contactName', 'customerService', 'technology'].sort(),
    );
    expect(await t.database.db('form_submissions').count({ n: '*' }).first()).toEqual(before);
  });
});

describe('POST /api/forms/feedback', () => {
  it('stores valid feedback as a feedback submission', async () => {
    const res = await anonymous(t.app).request('POST', '/api/forms/feedback', feedback);
    expect(res.statusCode).toBe(201);
    const row = await t.database.db('form_submissions').where({ id: res.json().id }).first();
    expect(row).toMatchObject({ form: 'feedback', email: 'grace@example.org' });
    expect(row.payload).toEqual({ name: 'Grace', email: 'grace@example.org', type: 'complaint', subject: 'Late delivery', message: feedback.message });
  });

  it('needs only a subject and a message (type defaults to feedback)', async () => {
    const res = await anonymous(t.app).request('POST', '/api/forms/feedback', { subject: 'Hello there', message: 'x'.repeat(1000) });
    expect(res.statusCode).toBe(201);
    const row = await t.database.db('form_submissions').where({ id: res.json().id }).first();
    expect(row).toMatchObject({ email: null });
    expect(row.payload.type).toBe('feedback');
  });

  const invalid: Array<[string, unknown, string]> = [
    ['email', 'nope@', FORM_MESSAGES.email],
    ['type', 'rant', FORM_MESSAGES.feedbackType],
    ['subject', 'Hey', FORM_MESSAGES.subject],
    ['message', 'x'.repeat(49), FORM_MESSAGES.messageMin],
    ['message', 'x'.repeat(1001), FORM_MESSAGES.messageMax],
  ];
  it.each(invalid)('refuses an invalid %s with its message', async (field, value, message) => {
    const res = await anonymous(t.app).request('POST', '/api/forms/feedback', { ...feedback, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: [message] });
  });

  it('records the member when one is signed in (and wants the CSRF token then)', async () => {
    const member = await signInAs(t.app, t.database.db, 'erin');
    const res = await member.request('POST', '/api/forms/feedback', feedback);
    expect(res.statusCode).toBe(201);
    expect((await t.database.db('form_submissions').where({ id: res.json().id }).first()).user_id).toBe(member.userId);
    member.csrf = null;
    expect((await member.request('POST', '/api/forms/feedback', feedback)).statusCode).toBe(403);
  });

  it('is rate limited per client with the form_submission limit (15 a minute)', async () => {
    const client = anonymous(t.app, '10.9.9.9');
    const codes: number[] = [];
    for (let i = 0; i < 16; i += 1) codes.push((await client.request('POST', '/api/forms/feedback', feedback)).statusCode);
    expect(codes.slice(0, 15).every((c) => c === 201)).toBe(true);
    expect(codes[15]).toBe(429);
    expect((await client.request('POST', '/api/forms/feedback', feedback)).json().message).toBe('Too many attempts. Please wait before trying again.');
  });
});

describe('OpenAPI document', () => {
  it('documents both forms and the multipart audio upload', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> };
    expect(Object.keys(doc.paths['/api/forms/business-application']!.post!.requestBody!.content['application/json']!.schema.properties!)).toContain('website');
    expect(Object.keys(doc.paths['/api/forms/feedback']!.post!.requestBody!.content['application/json']!.schema.properties!)).toContain('message');
    const audio = doc.paths['/api/me/audio']!.post!.requestBody!.content['multipart/form-data']!;
    expect(audio.schema.properties!.audio).toMatchObject({ format: 'binary' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs } from '../helpers/session';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const scholarship = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.org',
  phone: '+1 (555) 123-4567',
  businessIdea: 'A bakery that trains young people.',
  financialNeed: 'I cannot pay the full fee.',
  communityImpact: 'Jobs for twelve neighbours.',
  commitment: 'I will attend every session.',
};
const formA = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.org',
  phone: '555-123-4567',
  businessIdea: 'A compiler school for neighbourhood kids, taught on Saturdays in the library.',
  commitment: true,
  termsAccepted: true,
};
const formB = {
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.org',
  phone: '+44 20 7946 0958',
  businessIdea: 'Codebreaking puzzles as a subscription box.',
  experience: 'Ran a chess club for five years.',
  goals: 'Launch and find 100 subscribers.',
  availability: 'Saturdays 10 AM, all 12 weeks.',
};

async function post(path: string, body: unknown, client = anonymous(t.app)) {
  const res = await client.request('POST', `/api/forms/${path}`, body);
  return { status: res.statusCode, json: res.json() as { id?: string; fields?: Record<string, string[]>; message?: string } };
}

describe('POST /api/forms/*: valid input is stored', () => {
  it('stores a scholarship application with its e-mail and IP, and no member when anonymous', async () => {
    const res = await post('scholarship', { ...scholarship, fullName: '  Ada Lovelace  ' }, anonymous(t.app, '10.200.0.1'));
    expect(res.status).toBe(201);
    const row = await t.database.db('form_submissions').where({ id: res.json.id }).first();
    expect(row.form).toBe('scholarship');
    expect(row.email).toBe('ada@example.org');
    expect(row.ip_address).toBe('10.200.0.1');
    expect(row.user_id).toBeNull();
    expect(row.payload).toEqual({ ...scholarship, fullName: 'Ada Lovelace' });
  });

  it('stores the signed-in member with a consultation request (no e-mail on that form)', async () => {
    const member = await signInAs(t.app, t.database.db, 'consulter');
    const res = await post('consultation', { sector: 'Education', timeCommitment: '3-5 hours per week' }, member);
    expect(res.status).toBe(201);
    const row = await t.database.db('form_submissions').where({ id: res.json.id }).first();
    expect(row).toMatchObject({ form: 'consultation', email: null, user_id: member.userId });
    expect(row.payload).toEqual({ sector: 'Education', timeCommitment: '3-5 hours per week' });
  });

  it('stores form A and form B (form B values cleaned)', async () => {
    const a = await post('incubator-application', formA);
    expect(a.status).toBe(201);
    const b = await post('incubator-registration', { ...formB, goals: 'Launch\u0007 and find 100 subscribers.  ' });
    expect(b.status).toBe(201);
    const rowA = await t.database.db('form_submissions').where({ id: a.json.id }).first();
    expect(rowA).toMatchObject({ form: 'incubator_application', email: 'grace@example.org' });
    const rowB = await t.database.db('form_submissions').where({ id: b.json.id }).first();
    expect(rowB.form).toBe('incubator_registration');
    expect(rowB.payload.goals).toBe('Launch and find 100 subscribers.');
  });
});

describe('POST /api/forms/*: each invalid field gets its message, nothing is stored', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, Record<string, string>]> = [
    [
      'scholarship',
      scholarship,
      { fullName: '', email: '', phone: ' ', businessIdea: '', financialNeed: '', communityImpact: '', commitment: '' },
      {
        fullName: 'Full name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
        businessIdea: 'Business idea description is required',
        financialNeed: 'Financial need explanation is required',
        communityImpact: 'Community impact vision is required',
        commitment: 'Commitment statement is required',
      },
    ],
    ['scholarship', scholarship, { email: 'not-an-email' }, { email: 'Invalid email address' }],
    ['consultation', { sector: 'Education', timeCommitment: '1-2 hours per week' }, { sector: 'Sports', timeCommitment: '' }, { sector: 'Please choose a sector', timeCommitment: 'Please choose a time commitment' }],
    [
      'incubator-application',
      formA,
      { firstName: 'G', lastName: 'H', email: 'grace@', phone: '12345', businessIdea: 'too short', commitment: false, termsAccepted: false },
      {
        firstName: 'First name must be at least 2 characters',
        lastName: 'Last name must be at least 2 characters',
        email: 'Please enter a valid email address',
        phone: 'Please enter a valid phone number',
        businessIdea: 'Please describe your business idea in at least 50 characters',
        commitment: 'You must agree to the attendance commitment',
        termsAccepted: 'You must accept the terms and conditions',
      },
    ],
    [
      'incubator-registration',
      formB,
      { firstName: 'A', lastName: 'x'.repeat(51), email: 'alan@@example', phone: 'call me maybe', businessIdea: 'short', experience: 'none', goals: 'grow', availability: 'no' },
      {
        firstName: 'First name must be at least 2 characters',
        lastName: 'Last name must be less than 50 characters',
        email: 'Please enter a valid email address',
        phone: 'Please enter a valid phone number',
        businessIdea: 'Please provide more details about your business idea',
        experience: 'Please describe your entrepreneurial experience',
        goals: 'Please share your goals for the program',
        availability: 'Please confirm your availability',
      },
    ],
    [
      'incubator-registration',
      formB,
      { firstName: 'x'.repeat(51), businessIdea: 'x'.repeat(2001), experience: 'x'.repeat(2001), goals: 'x'.repeat(2001), availability: 'x'.repeat(1001) },
      {
        firstName: 'First name must be less than 50 characters',
        businessIdea: 'Business idea description must be less than 2000 characters',
        experience: 'Experience description must be less than 2000 characters',
        goals: 'Goals description must be less than 2000 characters',
        availability: 'Availability confirmation must be less than 1000 characters',
      },
    ],
    ['incubator-registration', formB, { firstName: undefined, lastName: 42 }, { firstName: 'Required', lastName: 'Expected string, received number' }],
  ];

  it.each(cases)('%s: %j', async (path, valid, bad, messages) => {
    const before = Number((await t.database.db('form_submissions').count({ n: '*' }).first())!.n);
    const res = await post(path, { ...valid, ...bad });
    expect(res.status).toBe(400);
    const fields = res.json.fields ?? {};
    for (const [field, message] of Object.entries(messages)) expect(fields[field], field).toEqual([message]);
    expect(Object.keys(fields).sort()).toEqual(Object.keys(messages).sort());
    const after = Number((await t.database.db('form_submissions').count({ n: '*' }).first())!.n);
    expect(after).toBe(before);
  });
});

describe('form_submission rate limit', () => {
  it('answers 429 after 15 submissions a minute from one caller, across every form', async () => {
    const caller = anonymous(t.app, '10.201.0.7');
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await caller.request('POST', i % 2 ? '/api/forms/consultation' : '/api/forms/scholarship', i % 2 ? { sector: 'Media', timeCommitment: '20+ hours per week' } : scholarship);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 15).every((s) => s === 201)).toBe(true);
    expect(statuses[15]).toBe(429);
    const res = await caller.request('POST', '/api/forms/incubator-application', formA);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts. Please wait before trying again.');
    // Another caller is not affected.
    expect((await post('incubator-application', formA, anonymous(t.app, '10.201.0.8'))).status).toBe(201);
  });
});

describe('GET /api/admin/submissions', () => {
  it('lists every kind of submission, newest first, filterable and paginated, for admins only', async () => {
    const db = t.database.db;
    await db('form_submissions').insert([
      { form: 'business_application', payload: JSON.stringify({ businessName: 'Acme' }), created_at: new Date(Date.now() + 60_000) },
      { form: 'feedback', payload: JSON.stringify({ message: 'Great site' }), created_at: new Date(Date.now() + 120_000) },
    ]);
    const admin = await signInAs(t.app, db, 'boss', { admin: true });
    const all = (await admin.request('GET', '/api/admin/submissions?pageSize=2')).json();
    expect(all.rows.map((r: { form: string }) => r.form)).toEqual(['feedback', 'business_application']);
    expect(all.total).toBeGreaterThan(5);
    expect(all.rows[0].payload).toEqual({ message: 'Great site' });
    const page2 = (await admin.request('GET', '/api/admin/submissions?pageSize=2&page=2')).json();
    expect(page2.rows).toHaveLength(2);
    const consult = (await admin.request('GET', '/api/admin/submissions?form=consultation')).json();
    expect(consult.rows.length).toBeGreaterThan(0);
    expect(consult.rows.every((r: { form: string }) => r.form === 'consultation')).toBe(true);
    expect(consult.rows.some((r: { username: string | null }) => r.username === 'consulter')).toBe(true);
    expect((await admin.request('GET', '/api/admin/submissions?form=nope')).statusCode).toBe(400);

    expect((await anonymous(t.app).request('GET', '/api/admin/submissions')).statusCode).toBe(401);
    const member = await signInAs(t.app, db, 'notboss');
    expect((await member.request('GET', '/api/admin/submissions')).statusCode).toBe(403);
  });
});

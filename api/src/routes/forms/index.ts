import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZApiError } from '@app/common/schemas/errors';
import {
  ZConsultationRequest,
  ZFormStored,
  ZIncubatorApplication,
  ZIncubatorRegistration,
  ZScholarshipApplication,
  type FormKind,
} from '@app/common/schemas/forms';

/** Each public form: its URL, the kind stored, its schema (the same one the page validates with) and a summary. */
const FORMS = [
  { path: 'scholarship', kind: 'scholarship', body: ZScholarshipApplication, summary: 'Store a scholarship application' },
  { path: 'consultation', kind: 'consultation', body: ZConsultationRequest, summary: 'Store a sector consultation request (sector and time commitment)' },
  { path: 'incubator-application', kind: 'incubator_application', body: ZIncubatorApplication, summary: 'Store an incubator application (form A)' },
  { path: 'incubator-registration', kind: 'incubator_registration', body: ZIncubatorRegistration, summary: 'Store an incubator registration (form B)' },
] as const satisfies ReadonlyArray<{ path: string; kind: FormKind; body: z.ZodType; summary: string }>;

/**
 * The public site's forms are stored (beyond the spec, whose forms made no call): anyone may submit, at most 15 a
 * minute per caller (form_submission). The row holds the validated body, the e-mail when the form has one, the
 * member when signed in, and the caller's IP. A 400 lists each invalid field's message; nothing is half-written
 * (one INSERT).
 */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const form of FORMS) {
    app.post(
      `/api/forms/${form.path}`,
      {
        config: { access: 'public', limit: 'form_submission' },
        schema: {
          tags: ['forms'],
          summary: form.summary,
          body: form.body,
          response: { 201: ZFormStored, 400: ZApiError, 429: ZApiError },
        },
      },
      async (req, reply) => {
        const body = req.body as Record<string, unknown>;
        const [row] = (await app.db('form_submissions')
          .insert({
            form: form.kind,
            payload: JSON.stringify(body),
            email: typeof body.email === 'string' ? body.email : null,
            user_id: req.session?.userId ?? null,
            ip_address: req.ip,
          })
          .returning(['id', 'created_at'])) as Array<{ id: string; created_at: Date }>;
        return reply.status(201).send({ id: row!.id, createdAt: row!.created_at.toISOString() });
      },
    );
  }
};

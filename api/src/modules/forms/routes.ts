import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { formsApi } from '@app/common/api/forms';
import { ZBusinessApplication, ZFeedback } from '@app/common/schemas/ecosystem-forms';
import { ZApiError } from '@app/common/schemas/errors';
import {
  ZConsultationRequest,
  ZIncubatorApplication,
  ZIncubatorRegistration,
  ZScholarshipApplication,
  type FormKind,
} from '@app/common/schemas/forms';
import { storeFormSubmission } from '@app/common/server/forms.repository';
import { requestMail } from '@app/common/server/mail/enqueue';

/** A stored form's name: one the contract's `:form` allows, so no form is offered that the web's client cannot name. */
type FormName = z.infer<typeof formsApi.submit.params>['form'];

interface FormRoute<S extends z.ZodType> {
  path: FormName;
  kind: FormKind;
  body: S;
  summary: string;
  /** The reply-to address kept beside the payload (for the admins' list), when the form has one. */
  email: (body: z.infer<S>) => string | null | undefined;
}

const form = <S extends z.ZodType>(f: FormRoute<S>) => f;

/** Each stored form: its URL, the kind stored, its schema (the same one the page validates with) and a summary. */
const FORMS = [
  form({ path: 'scholarship', kind: 'scholarship', body: ZScholarshipApplication, summary: 'Store a scholarship application', email: (b) => b.email }),
  form({ path: 'consultation', kind: 'consultation', body: ZConsultationRequest, summary: 'Store a sector consultation request (sector and time commitment)', email: () => null }),
  form({ path: 'incubator-application', kind: 'incubator_application', body: ZIncubatorApplication, summary: 'Store an incubator application (form A)', email: (b) => b.email }),
  form({ path: 'incubator-registration', kind: 'incubator_registration', body: ZIncubatorRegistration, summary: 'Store an incubator registration (form B)', email: (b) => b.email }),
  form({ path: 'business-application', kind: 'business_application', body: ZBusinessApplication, summary: 'Apply to join the business ecosystem', email: (b) => b.contactEmail }),
  form({ path: 'feedback', kind: 'feedback', body: ZFeedback, summary: 'Send feedback, a complaint or a suggestion', email: (b) => b.email }),
];

/**
 * Every public form is stored (beyond the specs, whose forms made no call or only logged): anyone may submit, at
 * most 15 a minute per caller (form_submission). The row holds the validated body, the reply-to e-mail when the
 * form has one, the member when signed in, and the caller's IP, for the admins' Submissions page. A 400 lists each
 * invalid field's message; nothing is half-written (one INSERT).
 */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const f of FORMS as Array<FormRoute<z.ZodType>>) {
    app.post(
      formsApi.submit.path.replace(':form', f.path),
      {
        config: { access: 'public', limit: 'form_submission' },
        schema: { tags: ['forms'], summary: f.summary, body: f.body, response: { 201: formsApi.submit.response, 400: ZApiError, 429: ZApiError, 503: ZApiError } },
      },
      async (req, reply) => {
        const saved = await storeFormSubmission(app.db, {
          form: f.kind,
          payload: req.body as object,
          email: f.email(req.body) ?? null,
          userId: req.session?.userId ?? null,
          ip: req.ip,
        });
        await requestMail(app.queues, req.log, { kind: 'form-received', submissionId: saved.id });
        return reply.status(201).send(saved);
      },
    );
  }
};

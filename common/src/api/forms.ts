import { z } from 'zod';
import { ZFormStored } from '../schemas/forms';
import { contract } from './contract';

/** The stored forms' paths (/api/forms/{form}); each form's body schema is its own (common/src/schemas/forms.ts, ecosystem-forms.ts). */
const FORM_PATHS = ['scholarship', 'consultation', 'incubator-application', 'incubator-registration', 'business-application', 'feedback'] as const;

/** The forms module. */
export const formsApi = {
  submit: contract({ method: 'POST', path: '/api/forms/:form', params: z.object({ form: z.enum(FORM_PATHS) }), body: z.unknown(), response: ZFormStored }),
};

import { ZCohortAdmin, ZCohortId, ZCohortInput, ZCohortList, ZNotifyRequest, ZProgramView } from '../schemas/program';
import { contract, ZMessage } from './contract';
import { PROGRAM_PATHS } from './program-paths';

/** The program module: the cohort the pages present, "notify me when enrolment opens", and the admins' cohorts. */
export const programApi = {
  current: contract({ method: 'GET', path: PROGRAM_PATHS.current, response: ZProgramView }),
  notify: contract({ method: 'POST', path: '/api/program/notify', body: ZNotifyRequest, response: ZMessage }),
  cohorts: contract({ method: 'GET', path: '/api/admin/cohorts', response: ZCohortList }),
  createCohort: contract({ method: 'POST', path: '/api/admin/cohorts', body: ZCohortInput, response: ZCohortAdmin }),
  updateCohort: contract({ method: 'PUT', path: '/api/admin/cohorts/:id', params: ZCohortId, body: ZCohortInput, response: ZCohortAdmin }),
};

import { ZFlyerJobParams, ZFlyerRequest, ZFlyerStatus } from '../schemas/flyers';
import { contract } from './contract';

/** The flyers module: speaker flyers rendered by the worker. */
export const flyersApi = {
  request: contract({ method: 'POST', path: '/api/flyers', body: ZFlyerRequest, response: ZFlyerStatus }),
  status: contract({ method: 'GET', path: '/api/flyers/:jobId', params: ZFlyerJobParams, response: ZFlyerStatus }),
};

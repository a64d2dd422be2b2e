import { ZNewsletterSubscribe, ZNewsletterToken } from '../schemas/mail';
import { contract, ZMessage } from './contract';

/** The newsletter module: subscribe (double opt-in), confirm and unsubscribe. */
export const newsletterApi = {
  subscribe: contract({ method: 'POST', path: '/api/newsletter/subscribe', body: ZNewsletterSubscribe, response: ZMessage }),
  confirm: contract({ method: 'POST', path: '/api/newsletter/confirm', body: ZNewsletterToken, response: ZMessage }),
  unsubscribe: contract({ method: 'POST', path: '/api/newsletter/unsubscribe', body: ZNewsletterToken, response: ZMessage }),
};

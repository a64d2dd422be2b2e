import {
  ZCheckoutUrl,
  ZCreateDonation,
  ZCreateInvestment,
  ZCreateProgramPayment,
  ZInvestmentCreated,
  ZInvestmentVerification,
  ZPaymentVerification,
  ZVerifyPayment,
} from '../schemas/payments';
import { ZMonthlyGiftList, ZMonthlyGiftParams, ZPortalUrl } from '../schemas/monthly';
import { contract } from './contract';

/** The payments module: checkouts and the success pages' verification. */
export const paymentsApi = {
  createDonation: contract({ method: 'POST', path: '/api/payments/donations', body: ZCreateDonation, response: ZCheckoutUrl }),
  createProgramPayment: contract({ method: 'POST', path: '/api/payments/program', body: ZCreateProgramPayment, response: ZCheckoutUrl }),
  createInvestment: contract({ method: 'POST', path: '/api/payments/investments', body: ZCreateInvestment, response: ZInvestmentCreated }),
  verify: contract({ method: 'POST', path: '/api/payments/verify', body: ZVerifyPayment, response: ZPaymentVerification }),
  verifyInvestment: contract({ method: 'POST', path: '/api/payments/investments/verify', body: ZVerifyPayment, response: ZInvestmentVerification }),
  monthlyGifts: contract({ method: 'GET', path: '/api/payments/monthly', response: ZMonthlyGiftList }),
  monthlyPortal: contract({ method: 'POST', path: '/api/payments/monthly/:id/portal', params: ZMonthlyGiftParams, response: ZPortalUrl }),
};


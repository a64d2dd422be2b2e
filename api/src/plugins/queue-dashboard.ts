import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import { QUEUE_NAMES } from '@app/common/jobs';
import { SCOPE_ACCESS } from '../access';

const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** Our error shape for the refusals our hooks raise inside bull-board's scope (it sets its own error handler). */
class OurErrorsAdapter extends FastifyAdapter {
  override setErrorHandler(handler: Parameters<FastifyAdapter['setErrorHandler']>[0]): this {
    return super.setErrorHandler((error) => {
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        const texts: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' };
        return { status: status as 403, body: { statusCode: status, error: texts[status] ?? 'Bad Request', message: error.message } };
      }
      return handler(error);
    });
  }
}

/**
 * The queue dashboard (bull-board) at /admin/queues: every queue of QUEUE_NAMES, for admins only. Its
 * routes get `access: 'admin'` from the scope (the access plugin checks the session on the server,
 * like any admin route, without the api_call rate limit its polling would exhaust) and, since its UI
 * cannot send our CSRF token, writes (retry, clean, pause) must carry our Origin instead. The page's CSP is the app's; bull-board's Google Fonts stylesheet is
 * refused by it and the UI falls back to system fonts.
 */
export async function queueDashboardRoutes(app: FastifyInstance): Promise<void> {
  const adapter = new OurErrorsAdapter();
  adapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: QUEUE_NAMES.map((name) => new BullMQAdapter(app.queues[name])),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Queues' } },
  });
  await app.register(async (scope) => {
    scope.decorate(SCOPE_ACCESS, 'admin');
    await scope.register(adapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  });
}

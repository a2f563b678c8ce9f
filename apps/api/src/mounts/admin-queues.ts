import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentedKey, publicRoutes } from '../auth/authenticate.js';
import { KeyRing } from '../auth/keys.js';
import type { ApiDeps } from '../deps.js';
import type { Mount } from '../route.js';
import { ServiceError } from '@docsvc/schemas';
import { errorHandler } from '../errors.js';

export const ADMIN_QUEUES_PATH = '/admin/queues';

/** The key a request carries: as the API reads keys (Bearer, x-api-key), or as the password of Basic authentication (a browser's prompt). */
function adminKeyOf(request: FastifyRequest): string | undefined {
  const basic = /^Basic\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').slice(1).join(':') : presentedKey(request);
}

/**
 * The queue dashboard (bull-board) at /admin/queues, for operators: served only when ADMIN_API_KEYS is
 * set, and only to those keys (the ordinary API keys do not open it). Read-only unless
 * ADMIN_QUEUES_WRITABLE: looking must not be able to retry, promote or delete a user's work by a click.
 */
function registerAdminQueues(app: FastifyInstance, deps: ApiDeps): void {
  const admin = deps.admin;
  if (!admin || admin.keys.length === 0) return;
  const adminKeys = new KeyRing(admin.keys);
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(ADMIN_QUEUES_PATH);
  const readOnlyMode = !admin.writable;
  createBullBoard({
    queues: [deps.ocr.pdf.queue, deps.ocr.ocr.queue, deps.translate.queue.queue, deps.jobs.queue].map((q) => new BullMQAdapter(q, { readOnlyMode })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'docsvc queues' } },
  });
  app.register(async (scope) => {
    // The API-key check does not apply here: the admin keys do, in the hook below.
    publicRoutes(scope);
    scope.addHook('onRequest', async (request, reply) => {
      const key = adminKeyOf(request);
      if (key && adminKeys.identify(key)) return;
      reply.header('www-authenticate', 'Basic realm="docsvc admin", charset="UTF-8"');
      // Answered here: bull-board's plugin has an error handler of its own that would make this a 500.
      const refusal = new ServiceError('invalid_api_key', `${ADMIN_QUEUES_PATH} needs one of ADMIN_API_KEYS (Bearer, or as the password of Basic authentication)`);
      return errorHandler(refusal, request, reply);
    });
    await scope.register(serverAdapter.registerPlugin(), { prefix: ADMIN_QUEUES_PATH });
  });
}

/** The dashboard: its page is documented; its assets and internal API under the prefix are its own. */
export const adminQueuesMount: Mount = {
  register: registerAdminQueues,
  prefix: `${ADMIN_QUEUES_PATH}/`,
  entries: [{ path: ADMIN_QUEUES_PATH, operationId: 'getQueueDashboard', summary: 'The queue dashboard (served only when ADMIN_API_KEYS is set; one of those keys, as Bearer or a Basic password)', contentType: 'text/html', public: true }],
};

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { publicRoutes } from '../auth/authenticate.js';
import type { ApiDeps } from '../deps.js';
import type { Mount } from '../route.js';

/** The web page's built files (apps/web/dist); WEB_ROOT overrides where they are. */
export const defaultWebRoot = () => fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * GET / (the web page) and its files under /web/, with pdf.js and its data files under /web/pdfjs/
 * (the page renders PDF pages with it). Static files, no key: the page asks for the key and calls the
 * API like any client. Not served when the page has not been built.
 */
function registerWebPage(app: FastifyInstance, deps: ApiDeps): void {
  const root = deps.webRoot ?? defaultWebRoot();
  if (!existsSync(path.join(root, 'index.html'))) {
    deps.log.warn({ web_root: root }, 'the web page is not built (npm run build): GET / is not served');
    return;
  }
  const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  app.register(async (scope) => {
    publicRoutes(scope);
    await scope.register(fastifyStatic, { root, prefix: '/web/', decorateReply: true, index: false });
    // pdf.js itself, and what its worker fetches while reading a document: decoders compiled to
    // WebAssembly (JBIG2, JPEG 2000, ICC colour), ICC profiles, CMaps of CJK fonts, the standard fonts' data.
    for (const folder of ['build', 'wasm', 'iccs', 'cmaps', 'standard_fonts']) {
      await scope.register(fastifyStatic, { root: path.join(pdfjsRoot, folder), prefix: `/web/pdfjs/${folder}/`, decorateReply: false, index: false });
    }
    scope.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  });
}

/** The web page: `/` is documented; its files under /web/ are its own. */
export const webPageMount: Mount = {
  register: registerWebPage,
  prefix: '/web/',
  entries: [{ path: '/', operationId: 'getWebPage', summary: 'The web page: OCR a file or URL, see its boxes, download every format, translate', contentType: 'text/html', public: true }],
};

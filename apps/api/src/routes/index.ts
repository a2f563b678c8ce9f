import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteSpec } from '../route.js';

const self = fileURLToPath(import.meta.url);
/** `.js` when built, `.ts` when the tests run the sources. */
const extension = path.extname(self);

const isRoute = (value: unknown): value is RouteSpec =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value && 'handler' in value;

/**
 * Every operation the API serves: each file of this folder is one route (one `defineRoute` export),
 * so a new route is a new file. The server registers them, the OpenAPI document describes them.
 */
async function discoverRoutes(): Promise<RouteSpec[]> {
  const files = readdirSync(path.dirname(self))
    .filter((file) => file.endsWith(extension) && !file.endsWith(`.d${extension}`) && !file.includes('.test.') && file !== path.basename(self))
    .sort();
  const routes: RouteSpec[] = [];
  // One at a time: Node 20 can fail to link modules imported in parallel from a module's top-level await.
  for (const file of files) {
    const found = Object.values((await import(`./${file}`)) as Record<string, unknown>).filter(isRoute);
    if (found.length !== 1) throw new Error(`apps/api/src/routes/${file}: a route file exports exactly one route (defineRoute); this one exports ${found.length}`);
    routes.push(found[0]!);
  }
  return routes;
}

export const ROUTES: readonly RouteSpec[] = await discoverRoutes();

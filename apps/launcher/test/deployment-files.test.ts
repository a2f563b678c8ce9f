import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WORKER_APPS } from '@docsvc/queue';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workspaces = ['packages', 'apps'].flatMap((group) =>
  readdirSync(path.join(root, group)).filter((d) => existsSync(path.join(root, group, d, 'package.json'))).map((d) => `${group}/${d}`),
);

describe('deployment files', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');

  it('copies every workspace manifest before npm ci (npm ci silently skips a missing one)', () => {
    for (const ws of workspaces) expect(dockerfile, ws).toContain(`COPY ${ws}/package.json ${ws}/`);
  });

  it('builds an image and runs a compose service for the API and every worker the launcher starts', () => {
    for (const app of ['api', ...Object.values(WORKER_APPS)]) {
      expect(dockerfile, app).toMatch(new RegExp(`^FROM \\S+ AS ${app}$`, 'm'));
      expect(dockerfile, app).toContain(`CMD ["node", "apps/${app}/dist/main.js"]`);
      expect(compose, app).toMatch(new RegExp(`^  ${app}:$`, 'm'));
    }
  });
});

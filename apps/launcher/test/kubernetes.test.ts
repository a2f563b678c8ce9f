import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { QUEUES, WORKER_APPS, createRedis, openQueue } from '@docsvc/queue';
import { WORKER_HTTP_PATHS } from '@docsvc/metrics';
import { parseAllDocuments } from 'yaml';
import { SCALERS_FILE, queueWaitKeys, readClusterConfig, scaledObjectsYaml } from '../../../scripts/kubernetes-scalers.js';

/**
 * deploy/kubernetes checked against the code: every manifest parses, every variable it sets is one
 * an app reads, the KEDA scalers watch the very Redis keys BullMQ uses, the probes ask routes that exist.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(root, 'deploy/kubernetes');
const files = (function walk(d: string): string[] {
  return readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : f.endsWith('.yaml') ? [path.join(d, f)] : []));
})(dir);

type Doc = { apiVersion?: string; kind?: string; metadata?: { name?: string }; data?: Record<string, string>; stringData?: Record<string, string>; spec?: any; resources?: string[] };
const docsOf = (file: string): Doc[] => parseAllDocuments(readFileSync(file, 'utf8')).map((d) => {
  expect(d.errors, file).toEqual([]);
  return d.toJS() as Doc;
});
const all = files.flatMap((f) => docsOf(f).map((doc) => ({ file: path.relative(dir, f), doc })));

/** The variables the apps read: the keys of the config shapes (packages/config, each app's config.ts, each OCR engine's definition.ts). */
function acceptedVariables(): Set<string> {
  const engines = path.join(root, 'packages/ocr-engine/src');
  const sources = [
    path.join(root, 'packages/config/src/shapes.ts'),
    ...readdirSync(path.join(root, 'apps')).map((a) => path.join(root, 'apps', a, 'src/config.ts')),
    ...readdirSync(engines).map((folder) => path.join(engines, folder, 'definition.ts')),
  ];
  const names = new Set<string>();
  for (const file of sources) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)) names.add(m[1]!);
  }
  return names;
}

describe('deploy/kubernetes', () => {
  it('parses: every document a Kubernetes object, every kustomization resource a file or folder that exists', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const { file, doc } of all) {
      expect(doc.apiVersion, file).toBeTruthy();
      expect(doc.kind, file).toBeTruthy();
      if (doc.kind === 'Kustomization') for (const r of doc.resources ?? []) expect(() => statSync(path.join(dir, path.dirname(file), r)), `${file}: ${r}`).not.toThrow();
    }
  });

  it('has a Deployment for the API and every worker, and a Service for the API', () => {
    const deployments = all.filter(({ doc }) => doc.kind === 'Deployment').map(({ doc }) => doc.metadata?.name);
    expect(deployments.sort()).toEqual(['api', ...Object.values(WORKER_APPS)].sort());
    expect(all.some(({ doc }) => doc.kind === 'Service' && doc.metadata?.name === 'api')).toBe(true);
  });

  it('sets only variables the apps read (ConfigMap, Secret, container env)', () => {
    const accepted = acceptedVariables();
    expect(accepted.has('REDIS_URL')).toBe(true);
    for (const { file, doc } of all) {
      const keys = [...Object.keys(doc.data ?? {}), ...Object.keys(doc.stringData ?? {})];
      for (const c of doc.kind === 'Deployment' ? doc.spec.template.spec.containers : []) keys.push(...(c.env ?? []).map((e: { name: string }) => e.name));
      for (const key of keys) expect(accepted.has(key), `${file}: ${key}`).toBe(true);
    }
  });

  it('probes /healthz and /readyz: the API’s routes, and the workers’ own port (METRICS_PORT)', () => {
    const routes = readdirSync(path.join(root, 'apps/api/src/routes')).map((f) => readFileSync(path.join(root, 'apps/api/src/routes', f), 'utf8')).join('\n');
    const config = readClusterConfig() as unknown as Record<string, string>;
    for (const { doc } of all.filter(({ doc }) => doc.kind === 'Deployment')) {
      const name = doc.metadata!.name!;
      const [container] = doc.spec.template.spec.containers;
      const port = (container.ports as Array<{ name: string; containerPort: number }>).find((p) => p.name === container.livenessProbe.httpGet.port)!;
      for (const probe of [container.livenessProbe, container.readinessProbe]) {
        expect(probe.httpGet.port, name).toBe(container.livenessProbe.httpGet.port);
        if (name === 'api') {
          expect(routes, `${name} ${probe.httpGet.path}`).toMatch(new RegExp(`method: 'GET',\\s+path: '${probe.httpGet.path}'`));
          expect(String(port.containerPort)).toBe(config.PORT);
        } else {
          expect(Object.values(WORKER_HTTP_PATHS), name).toContain(probe.httpGet.path);
          expect(String(port.containerPort)).toBe(config.METRICS_PORT);
        }
      }
      expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    }
  });

  it('scales worker-ocr and worker-pdf with KEDA on the keys BullMQ really uses (the file is generated, and up to date)', async () => {
    const config = readClusterConfig();
    expect(readFileSync(SCALERS_FILE, 'utf8')).toBe(scaledObjectsYaml(config));
    const scalers = docsOf(SCALERS_FILE);
    expect(scalers.map((s) => s.spec.scaleTargetRef.name).sort()).toEqual([WORKER_APPS.ocr, WORKER_APPS.pdf].sort());
    // A job added to the real queue under the manifests' prefix lands in the list the scaler reads.
    const redis = createRedis(inject('redisUrl'), 'client');
    const queue = openQueue(QUEUES.ocr, redis, config.QUEUE_PREFIX);
    try {
      await queue.queue.obliterate({ force: true });
      await queue.queue.add('page', { probe: true });
      const list = scalers.find((s) => s.metadata?.name === WORKER_APPS.ocr)!.spec.triggers.find((t: { type: string }) => t.type === 'redis').metadata.listName;
      expect(list).toBe(queueWaitKeys(config.QUEUE_PREFIX, 'ocr').wait);
      expect(await redis.llen(list)).toBe(1);
      // Prioritized jobs (job pages) are not in that list: the second trigger counts them.
      await queue.queue.add('page', { probe: true }, { priority: 10 });
      expect(await redis.zcard(queueWaitKeys(config.QUEUE_PREFIX, 'ocr').prioritized)).toBe(1);
    } finally {
      await queue.queue.obliterate({ force: true });
      await queue.close();
      redis.disconnect();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { targetsFrom } from '@docsvc/schemas';
import { buildRoutes } from './routes.js';

const pair = (source: string, target: string) => [
  { source, target },
  { source: target, target: source },
];

describe('buildRoutes', () => {
  const routes = buildRoutes([...pair('en', 'es'), ...pair('es', 'pt'), ...pair('en', 'ca'), ...pair('es', 'fr'), { source: 'fr', target: 'en' }]);

  it('marks direct routes and routes through one intermediate language', () => {
    expect(routes).toContainEqual({ source: 'en', target: 'es', direct: true });
    expect(routes).toContainEqual({ source: 'en', target: 'pt', direct: false, via: 'es' });
    expect(routes).toContainEqual({ source: 'ca', target: 'es', direct: false, via: 'en' });
    expect(routes).toContainEqual({ source: 'fr', target: 'en', direct: true });
  });

  it('prefers English, then Spanish as the intermediate language', () => {
    // fr -> ca: fr>en>ca (English); fr -> pt only through Spanish.
    expect(routes).toContainEqual({ source: 'fr', target: 'ca', direct: false, via: 'en' });
    expect(routes).toContainEqual({ source: 'fr', target: 'pt', direct: false, via: 'es' });
  });

  it('offers no route that needs two intermediate languages', () => {
    expect(routes.find((route) => route.source === 'ca' && route.target === 'pt')).toBeUndefined();
    expect(targetsFrom(routes, 'ca')).toEqual(['en', 'es']); // fr would need ca>en>es>fr
  });
});

import { describe, expect, it } from 'vitest';
import { targetsFrom } from '@docsvc/schemas';
import { buildRoutes, candidateRoutes, DIRECT_MARGIN } from './routes.js';

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

describe('buildRoutes with measured scores (the route table bench/translate-routes.ts writes)', () => {
  const directions = [...pair('en', 'es'), ...pair('en', 'ca'), ...pair('es', 'fr'), ...pair('ca', 'fr'), ...pair('es', 'ca')];

  it('takes the intermediate language that scored best, not the first found, and carries its score', () => {
    const routes = buildRoutes(directions, { 'en>fr': { es: 54.4, ca: 63 } });
    expect(routes).toContainEqual({ source: 'en', target: 'fr', direct: false, via: 'ca', score: 63 });
    // Unmeasured: English first, then Spanish, then alphabetical; no score.
    expect(routes).toContainEqual({ source: 'fr', target: 'en', direct: false, via: 'es' });
  });

  it(`keeps the direct direction unless a pivot beats it by more than ${DIRECT_MARGIN} chrF`, () => {
    expect(buildRoutes(directions, { 'en>es': { direct: 60, ca: 60 + DIRECT_MARGIN - 0.5 } })).toContainEqual({ source: 'en', target: 'es', direct: true, score: 60 });
    expect(buildRoutes(directions, { 'en>es': { direct: 58.8, ca: 68.3 } })).toContainEqual({ source: 'en', target: 'es', direct: false, via: 'ca', score: 68.3 });
  });

  it('never takes a candidate that failed when measured, and prefers a measured one to an unmeasured one', () => {
    expect(buildRoutes(directions, { 'en>fr': { es: null, ca: 40 } })).toContainEqual({ source: 'en', target: 'fr', direct: false, via: 'ca', score: 40 });
    expect(buildRoutes(directions, { 'en>fr': { ca: 40 } })).toContainEqual({ source: 'en', target: 'fr', direct: false, via: 'ca', score: 40 });
    expect(buildRoutes(directions, { 'en>fr': { es: null, ca: null } }).find((r) => r.source === 'en' && r.target === 'fr')).toBeUndefined();
  });

  it('offers no route between Croatian, Serbian and Bosnian (one Apertium language)', () => {
    const routes = buildRoutes([...pair('hr', 'en'), ...pair('sr', 'en'), ...pair('bs', 'en')]);
    expect(routes.filter((r) => r.target !== 'en' && r.source !== 'en')).toEqual([]);
    expect(candidateRoutes([...pair('hr', 'en'), ...pair('sr', 'en')]).map((c) => `${c.source}>${c.target}`).sort()).toEqual(['en>hr', 'en>sr', 'hr>en', 'sr>en']);
  });
});

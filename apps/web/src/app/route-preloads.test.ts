import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredPages } from '../../route-preloads';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const routeFiles = [
  'app/router.tsx',
  'app/feature-routes.ts',
  ...fs
    .readdirSync(path.join(src, 'features'))
    .map((f) => `features/${f}/routes.tsx`)
    .filter((f) => fs.existsSync(path.join(src, f))),
];
const read = (f: string) => fs.readFileSync(path.join(src, f), 'utf8');

describe('the route declarations the build reads for page preloads', () => {
  it('pairs pages with their modules, in each way a page is declared', () => {
    const router = declaredPages(read('app/router.tsx'));
    expect(router.pages.get('/sys/home')).toBe('./routes/home-page');
    // A loader held in a variable.
    expect(router.pages.get('/audit/center')).toBe('../features/auth/pages/center-page');
    expect(router.redirects.get('/')).toBe('/app');
    expect(router.redirects.get('/app')).toBe('/sys/home');
    // A redirect is never paired with the next declaration's module.
    expect(router.pages.has('/app')).toBe(false);

    const assessments = declaredPages(read('features/assessments/routes.tsx'));
    expect(assessments.pages.get('/test/question')).toBe('./pages/question-page');
    expect(assessments.pages.get('/test/pay')).toBe('./pages/result-page');
    expect(assessments.redirects.get('/user/paper')).toBe('/user/paper/list');
    expect(assessments.pages.has('/user/paper')).toBe(false);

    expect(declaredPages(read('app/feature-routes.ts')).pages.get('/experts/detail')).toBe(
      './routes/expert-detail-page',
    );
    // Declarations over several lines.
    expect(declaredPages(read('features/courses/routes.tsx')).pages.get('/expert/course/detail')).toBe(
      './pages/expert-editor-page',
    );
  });

  it('finds every page module the route files load, and each one exists', () => {
    // The demo console nests its pages under relative paths ('website'): it gets no preloads.
    for (const file of routeFiles.filter((f) => f !== 'features/demo/routes.tsx')) {
      const code = read(file);
      const { pages } = declaredPages(code);
      const loaded = new Set(pages.values());
      for (const m of code.matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
        expect(loaded.has(m[1]!), `${file}: ${m[1]} has no page path`).toBe(true);
      }
      for (const spec of loaded) {
        const base = path.resolve(path.dirname(path.join(src, file)), spec);
        const exists = ['.tsx', '.ts', '/index.tsx', '/index.ts'].some((ext) => fs.existsSync(base + ext));
        expect(exists, `${file}: ${spec}`).toBe(true);
      }
    }
  });
});

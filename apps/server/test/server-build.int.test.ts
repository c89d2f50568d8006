import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer, serverBundle } from '../../../scripts/server-build.mjs';
import { repoRoot } from '../src/config';

const mtime = (file: string) => fs.statSync(file).mtimeMs;

describe('the server bundle npm start runs', () => {
  it('is built again only when an input changed, and loads its heavy modules as chunks of their own', async () => {
    await buildServer();
    const first = mtime(serverBundle);
    // Nothing changed: the same file is used (a start skips esbuild).
    expect(await buildServer()).toBe(serverBundle);
    expect(mtime(serverBundle)).toBe(first);

    // A source file the bundle is made from is touched: the next start builds again.
    const source = path.join(repoRoot, 'apps/server/src/version.ts');
    const later = new Date(Date.now() + 2_000);
    fs.utimesSync(source, later, later);
    await buildServer();
    expect(mtime(serverBundle)).toBeGreaterThan(first);

    // The PDF and spreadsheet writers are chunks loaded on first use: the entry does not import
    // ExcelJS, pdfkit or ECharts, so a start does not load them.
    const entry = fs.readFileSync(serverBundle, 'utf8');
    const topImports = [...entry.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(topImports).toContain('fastify');
    for (const heavy of ['exceljs', 'pdfkit', 'echarts', 'echarts/core', 'ioredis'])
      expect(topImports).not.toContain(heavy);
    const stamp = JSON.parse(
      fs.readFileSync(path.join(path.dirname(serverBundle), 'server.inputs.json'), 'utf8'),
    );
    expect(stamp.chunks.some((c: string) => c.startsWith('chunks/report-pdf-'))).toBe(true);
    for (const c of stamp.chunks) expect(fs.existsSync(path.join(path.dirname(serverBundle), c))).toBe(true);
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

  it('names its inputs by their own paths when built from another directory (the benches build from bench/)', async () => {
    const script = pathToFileURL(path.join(repoRoot, 'scripts/server-build.mjs')).href;
    const buildFrom = (cwd: string) => {
      const r = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `await (await import(${JSON.stringify(script)})).buildServer();`],
        { cwd, encoding: 'utf8' },
      );
      expect(r.status, r.stderr).toBe(0);
    };
    const bench = path.join(repoRoot, 'bench');
    const stampFile = path.join(path.dirname(serverBundle), 'server.inputs.json');
    // Made anew from there (without its stamp, the last build is not trusted).
    fs.rmSync(stampFile, { force: true });
    buildFrom(bench);
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    const source = path.join(repoRoot, 'apps/server/src/version.ts');
    expect(stamp.inputs).toContain(source);
    for (const input of stamp.inputs) expect(fs.existsSync(input), input).toBe(true);

    // A change made after that build is seen by the next one, wherever it is started from.
    const first = mtime(serverBundle);
    const later = new Date(Date.now() + 4_000);
    fs.utimesSync(source, later, later);
    buildFrom(bench);
    expect(mtime(serverBundle)).toBeGreaterThan(first);
  });
});

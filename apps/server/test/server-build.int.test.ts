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

    // What a start loads: the entry and the chunks it imports statically (transitively). The npm
    // packages it needs are bundled (no `from "fastify"`); PGlite and argon2 (WebAssembly, native
    // code) stay imports of node_modules; the PDF and spreadsheet writers, image processing, the
    // HTML sanitiser, the video parser, the demo console's fake data, the PostgreSQL driver and
    // the API docs are loaded on first use, so a start imports none of them.
    const startImports = new Set<string>();
    const read = new Set<string>();
    const visit = (file: string) => {
      if (read.has(file)) return;
      read.add(file);
      const text = fs.readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/^import (?:[^;]*? from )?"([^"]+)";$/gm)) {
        if (spec!.startsWith('./') || spec!.startsWith('../')) visit(path.resolve(path.dirname(file), spec!));
        else startImports.add(spec!);
      }
    };
    visit(serverBundle);
    expect(startImports).toContain('@electric-sql/pglite');
    expect(startImports).toContain('@node-rs/argon2');
    for (const bundled of ['fastify', 'drizzle-orm', 'zod', 'ws'])
      expect(startImports).not.toContain(bundled);
    const lazy = [
      'exceljs',
      'pdfkit',
      'echarts',
      'echarts/core',
      'ioredis',
      'sharp',
      'sanitize-html',
      'mp4box',
    ];
    for (const heavy of [
      ...lazy,
      '@faker-js/faker/locale/zh_CN',
      'postgres',
      '@fastify/swagger',
      '@fastify/swagger-ui',
    ])
      expect(startImports).not.toContain(heavy);
    const stamp = JSON.parse(
      fs.readFileSync(path.join(path.dirname(serverBundle), 'server.inputs.json'), 'utf8'),
    );
    expect(stamp.chunks.some((c: string) => c.startsWith('chunks/report-pdf-'))).toBe(true);
    // An install that changes a bundled package changes the lock file: the next start builds again.
    expect(stamp.inputs).toContain(path.join(repoRoot, 'package-lock.json'));
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

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/free-port.mjs';
import { buildServer } from '../../../scripts/server-build.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningServer {
  base: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the real platform server, as `npm start` runs it (the bundle), and waits until it answers. */
export async function startServer(
  env: Record<string, string>,
  /** Flags for node itself (e.g. --cpu-prof), before the bundle. */
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, await buildServer()], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  // A fresh start migrates and seeds (about a minute and a half on two busy cores): wait well
  // past that, and say so when it never answers instead of letting every test fail to connect.
  const deadline = Date.now() + 240_000;
  let up = false;
  while (!up && Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      up = (await fetch(`${base}/SysAdmin/api/health`)).ok;
    } catch {
      /* not up yet */
    }
    if (!up) await new Promise((r) => setTimeout(r, 250));
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`server did not answer within 240 s:\n${out}`);
  }
  return {
    base,
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

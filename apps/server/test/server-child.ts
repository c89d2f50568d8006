import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../scripts/free-port.mjs';
import { buildServer } from '../../../scripts/server-build.mjs';
import { repoRoot } from '../src/config';

let bundle: Promise<string> | undefined;
/**
 * How to run the server as `npm start` does: node on the bundle (built once per test process).
 * The arguments for `spawn(process.execPath, …)`.
 */
export async function serverArgs(): Promise<string[]> {
  bundle ??= buildServer();
  return [await bundle];
}

/** The real server (the bundle `npm start` runs) as a child process. */
export interface ServerChild {
  child: ChildProcess;
  base: string;
  /** Everything it has printed so far. */
  output: () => string;
}

/** Starts the server on a free loopback port and waits until /api/health answers. */
export async function startServer(
  env: Record<string, string>,
  opts: { logLevel?: string; timeoutMs?: number } = {},
): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, await serverArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: opts.logLevel ?? 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds the demo data: on PGlite beside a busy test pool that can take
  // over a minute.
  const deadline = Date.now() + (opts.timeoutMs ?? 150_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${base}/SysAdmin/api/health`)).ok) return { child, base, output: () => out };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/** SIGTERM, then the exit code (0 for a clean shutdown). */
export function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

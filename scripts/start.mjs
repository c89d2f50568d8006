// `npm start`: build the web app if needed and the server bundle (a second), then run the whole
// platform in one process.
import { spawn } from 'node:child_process';
import { buildServer } from './server-build.mjs';
import { ensureWebBuilt, root } from './web-build.mjs';

ensureWebBuilt();
const child = spawn(process.execPath, [await buildServer()], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Pass Ctrl-C / SIGTERM on so the server can finish requests and close the database cleanly.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

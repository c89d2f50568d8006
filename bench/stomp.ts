/**
 * Real-time delivery under load: N connected receivers, M chat messages, measured end to end
 * (sent by a client, received by the receiver's @stomp/stompjs client), against RabbitMQ's
 * Web-STOMP plugin on the same machine with the same client, in the same run.
 *
 * Ours: POST /api/chat/send (stored in PostgreSQL, then pushed over our STOMP server).
 * RabbitMQ: STOMP SEND to /topic/..., receipt awaited, routed to the subscriber (no storage).
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and RabbitMQ with `rabbitmq-plugins enable rabbitmq_web_stomp` (ws://127.0.0.1:15674/ws).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@stomp/stompjs';
import postgres from 'postgres';
import { WebSocket } from 'ws';
import { startServer } from '../apps/e2e/src/server';
import { productionEnv } from './demo-data';

const N = Number(process.env.BENCH_RECEIVERS ?? 50);
const M = Number(process.env.BENCH_MESSAGES ?? 2000);
const C = Number(process.env.BENCH_CONCURRENCY ?? 16);
/**
 * Messages sent on each path before the measured ones and not counted, as the HTTP bench warms
 * up for a second: a server just started compiles its send path during its first few hundred
 * messages (p99 of 2,000 cold messages 20 to 23 ms here, of the same warm 14 to 17), while the
 * broker it is compared with has been running all along.
 */
const W = Number(process.env.BENCH_WARMUP ?? 500);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rabbitUrl = process.env.BENCH_RABBIT_WS ?? 'ws://127.0.0.1:15674/ws';

interface Row {
  name: string;
  rate: number;
  p50: number;
  p99: number;
  /** CPU time per message of the server process (ours: node; RabbitMQ: beam.smp), ms. */
  serverCpu: number;
  /** CPU time per message of this process (the senders and the receivers' clients), ms. */
  clientCpu: number;
}

/** user + system CPU time of a process so far, ms (from /proc; 0 when it cannot be read). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** RabbitMQ's Erlang VM on this machine, if any. */
function beamPid(): number | undefined {
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'beam.smp') return Number(d);
    } catch {
      /* gone */
    }
  }
  return undefined;
}

/** CPU per message of the server process and of this one while `run` runs. */
async function measured<T>(pid: number | undefined, run: () => Promise<T>) {
  const s0 = cpuMs(pid);
  const c0 = process.cpuUsage();
  const out = await run();
  const c = process.cpuUsage(c0);
  return { out, serverCpu: (cpuMs(pid) - s0) / M, clientCpu: (c.user + c.system) / 1000 / M };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

function client(url: string, headers: Record<string, string>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const c = new Client({
      webSocketFactory: () => new WebSocket(url),
      connectHeaders: headers,
      reconnectDelay: 0,
      heartbeatOutgoing: 0,
      heartbeatIncoming: 0,
    });
    c.onConnect = () => resolve(c);
    c.onStompError = (f) => reject(new Error(f.headers.message));
    c.onWebSocketError = () => reject(new Error(`cannot connect to ${url}`));
    c.activate();
  });
}

/**
 * POSTs JSON over kept-alive sockets with node:http: `fetch` costs this process two to three
 * times the CPU per request of RabbitMQ's STOMP client on the same two cores, which the
 * comparison would otherwise count against our server.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: C });
function post(url: string, token: string, body: unknown): Promise<number> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          serviceToken: token,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Runs `send(i)` for i < count (M by default) with at most C in flight, waits until every
 * message was received.
 */
async function drive(send: (i: number) => Promise<void>, received: () => number, count = M): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < count) await send(next++);
    }),
  );
  const deadline = Date.now() + 60_000;
  while (received() < count) {
    if (Date.now() > deadline) throw new Error(`only ${received()} of ${count} messages arrived`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return (count / (performance.now() - started)) * 1000;
}

/** The warm-up round on a path: W messages, received and then forgotten. */
async function warmUp(send: (i: number) => Promise<void>, latencies: number[]): Promise<void> {
  if (W <= 0) return;
  await drive(send, () => latencies.length, W);
  latencies.length = 0;
}

async function ours(): Promise<Row> {
  const name = `psy_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-'));
  const server = await startServer(
    { ...productionEnv({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }), LOG_LEVEL: 'warn' },
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
      : [],
  );
  const db = postgres(url.toString(), { max: 2, onnotice: () => {} });
  try {
    // Accounts and sessions straight into the database: the bench measures delivery, not login.
    const tokenOf = async (id: number) => {
      const token = crypto.randomBytes(32).toString('base64url');
      const hash = crypto.createHash('sha256').update(token).digest('hex');
      await db`insert into sessions (user_id, token_hash, expires_at) values (${id}, ${hash}, now() + interval '1 day')`;
      return token;
    };
    const [expert] = await db<{ id: number }[]>`select id from users where telephone = '13800000002'`;
    const senderToken = await tokenOf(expert!.id);
    const receivers: { id: number; token: string; chatId: number }[] = [];
    for (let i = 0; i < N; i++) {
      const [u] = await db<
        { id: number }[]
      >`insert into users (telephone, name) values (${`1770000${String(i).padStart(4, '0')}`}, ${`压测用户${i}`}) returning id`;
      const token = await tokenOf(u!.id);
      const res = await fetch(`${server.base}/SysAdmin/api/chat/begin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', serviceToken: senderToken },
        body: JSON.stringify({ receiverId: u!.id }),
      });
      receivers.push({
        id: u!.id,
        token,
        chatId: ((await res.json()) as { data: { chatId: number } }).data.chatId,
      });
    }
    const latencies: number[] = [];
    const clients = await Promise.all(
      receivers.map(async (r) => {
        const c = await client(`${server.base.replace('http', 'ws')}/SysAdmin/api/chat/connect`, {
          serviceToken: r.token,
        });
        c.subscribe(`/user/${r.id}/message`, (m) => {
          const sentAt = Number(
            (JSON.parse(m.body) as { messageContent: string }).messageContent.split('|')[0],
          );
          latencies.push(performance.now() + performance.timeOrigin - sentAt);
        });
        return c;
      }),
    );
    const send = async (i: number) => {
      const r = receivers[i % N]!;
      const status = await post(`${server.base}/SysAdmin/api/chat/send`, senderToken, {
        chatId: r.chatId,
        messageType: '0',
        messageContent: `${performance.now() + performance.timeOrigin}|压测消息 ${i}`,
      });
      if (status !== 200) throw new Error(`send failed: ${status}`);
    };
    await warmUp(send, latencies);
    const { out: rate, ...cpu } = await measured(server.child.pid, () => drive(send, () => latencies.length));
    await Promise.all(clients.map((c) => c.deactivate()));
    return {
      name: 'ours: REST send → PostgreSQL → STOMP push',
      rate,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      ...cpu,
    };
  } finally {
    agent.destroy();
    await db.end();
    await server.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function rabbit(): Promise<Row> {
  const login = { login: 'guest', passcode: 'guest', host: '/' };
  const latencies: number[] = [];
  const prefix = crypto.randomBytes(3).toString('hex');
  const receivers = await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const c = await client(rabbitUrl, login);
      c.subscribe(`/topic/bench.${prefix}.${i}`, (m) =>
        latencies.push(performance.now() + performance.timeOrigin - Number(m.body.split('|')[0])),
      );
      return c;
    }),
  );
  const sender = await client(rabbitUrl, login);
  await new Promise((r) => setTimeout(r, 200));
  let receiptNo = 0;
  const send = (i: number) =>
    new Promise<void>((resolve) => {
      const receipt = `r${receiptNo++}`;
      sender.watchForReceipt(receipt, () => resolve());
      sender.publish({
        destination: `/topic/bench.${prefix}.${i % N}`,
        body: `${performance.now() + performance.timeOrigin}|压测消息 ${i}`,
        headers: { receipt },
      });
    });
  await warmUp(send, latencies);
  const { out: rate, ...cpu } = await measured(beamPid(), () => drive(send, () => latencies.length));
  await Promise.all([...receivers, sender].map((c) => c.deactivate()));
  return {
    name: 'RabbitMQ Web-STOMP: STOMP SEND → topic (no storage)',
    rate,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    ...cpu,
  };
}

const rows: Row[] = [];
try {
  // BENCH_ONLY=ours skips RabbitMQ (profiling runs).
  if (process.env.BENCH_ONLY !== 'ours') rows.push(await rabbit());
} catch (err) {
  console.error(`RabbitMQ Web-STOMP not reachable at ${rabbitUrl} (${(err as Error).message}).`);
  console.error('Enable it with: rabbitmq-plugins enable rabbitmq_web_stomp');
}
rows.push(await ours());
const base = rows[0]!;
console.log(
  `\n${N} receivers, ${M} messages after ${W} not counted, ${C} in flight, ${os.cpus().length} cores\n`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
console.log(
  `| path | messages/s | ratio to ${rows.length > 1 ? 'RabbitMQ' : 'itself'} | p50 ms | p99 ms | server CPU ms/msg | bench client CPU ms/msg |`,
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${Math.round(r.rate)} | ${(r.rate / base.rate).toFixed(2)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.serverCpu.toFixed(2)} | ${r.clientCpu.toFixed(2)} |`,
  );
process.exit(0);

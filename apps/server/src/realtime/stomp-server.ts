import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { SessionUser } from '../modules/auth/session.service';
import { serializeFrame, StompParser, type Frame, type StompError } from './stomp/frame';
import type { Channel, Hub, HubConnection } from './hub';

export interface StompServerOptions {
  path: string;
  hub: Hub;
  resolveSession(token: string): Promise<SessionUser | null>;
  /** Origins allowed besides the page's own; an absent Origin (non-browser client) is allowed. */
  allowedOrigins: string[];
  maxFrameBytes: number;
  /** What the server offers: it can send heart-beats every `send` ms and wants one every `expect` ms. */
  heartbeat: { send: number; expect: number };
  /** How long a new socket may take to send CONNECT. */
  connectTimeoutMs?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const DESTINATION = /^\/user\/(\d+)\/(message|notification)$/;

function originAllowed(req: IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** STOMP 1.2 over WebSocket at `path`, on the HTTP server Fastify listens with. */
export function attachStompServer(server: Server, opts: StompServerOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes * 4 });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = (req.url ?? '').split('?')[0];
    if (url !== opts.path) return;
    if (!originAllowed(req, opts.allowedOrigins)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws));
  };
  server.on('upgrade', onUpgrade);

  function serve(ws: WebSocket) {
    const parser = new StompParser(opts.maxFrameBytes);
    const subscriptions = new Map<string, Channel>();
    let user: SessionUser | null = null;
    let conn: HubConnection | null = null;
    let messageSeq = 0;
    let lastReceived = Date.now();
    let sendTimer: NodeJS.Timeout | undefined;
    let watchTimer: NodeJS.Timeout | undefined;
    let closed = false;
    const connectTimer = setTimeout(() => fail('CONNECT expected'), opts.connectTimeoutMs ?? 10_000);

    const send = (frame: Parameters<typeof serializeFrame>[0]) => {
      if (ws.readyState === ws.OPEN) ws.send(serializeFrame(frame));
    };
    const shutdown = () => {
      if (closed) return;
      closed = true;
      clearTimeout(connectTimer);
      clearInterval(sendTimer);
      clearInterval(watchTimer);
      if (conn) opts.hub.remove(conn);
    };
    /** STOMP: an ERROR frame, then the connection is closed. */
    function fail(message: string, detail = '') {
      send({ command: 'ERROR', headers: { message, 'content-type': 'text/plain' }, body: detail || message });
      shutdown();
      ws.close(1000, message.slice(0, 100));
    }
    const receipt = (frame: Frame) => {
      const id = frame.headers.receipt;
      if (id) send({ command: 'RECEIPT', headers: { 'receipt-id': id } });
    };

    async function onConnect(frame: Frame) {
      const versions = (frame.headers['accept-version'] ?? '1.0').split(',');
      if (!versions.includes('1.2')) return fail('unsupported version', 'This server speaks STOMP 1.2');
      const token = frame.headers.serviceToken ?? frame.headers.servicetoken ?? '';
      const session = token ? await opts.resolveSession(token) : null;
      if (closed) return;
      if (!session) return fail('unauthorized', '登录已过期，请重新登录');
      user = session;
      clearTimeout(connectTimer);
      const [cx, cy] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((n) => Number(n) || 0);
      const outgoing = cy && opts.heartbeat.send ? Math.max(cy, opts.heartbeat.send) : 0;
      const incoming = cx && opts.heartbeat.expect ? Math.max(cx, opts.heartbeat.expect) : 0;
      send({
        command: 'CONNECTED',
        headers: {
          version: '1.2',
          'heart-beat': `${opts.heartbeat.send},${opts.heartbeat.expect}`,
          server: 'psy-stomp/1.0',
        },
      });
      if (outgoing) sendTimer = setInterval(() => ws.readyState === ws.OPEN && ws.send('\n'), outgoing);
      if (incoming) {
        // Some slack for network jitter, as the spec suggests.
        const limit = incoming * 2;
        watchTimer = setInterval(
          () => {
            if (Date.now() - lastReceived > limit) {
              opts.log.info({ userId: session.userId }, 'stomp: heart-beat missed, closing');
              shutdown();
              ws.terminate();
            }
          },
          Math.max(50, Math.floor(incoming / 2)),
        );
      }
      conn = {
        userId: session.userId,
        sessionId: session.sessionId,
        deliver(channel, body) {
          for (const [id, ch] of subscriptions) {
            if (ch !== channel) continue;
            send({
              command: 'MESSAGE',
              headers: {
                subscription: id,
                'message-id': String(++messageSeq),
                destination: `/user/${session.userId}/${channel}`,
                'content-type': 'application/json',
              },
              body,
            });
          }
        },
        close(reason, kind = 'session') {
          // A client reconnects after 'server restarting', never after 'session ended'.
          fail(kind === 'shutdown' ? 'server restarting' : 'session ended', reason);
        },
      };
      opts.hub.add(conn);
      receipt(frame);
    }

    function onFrame(frame: Frame) {
      if (!user) {
        if (frame.command === 'CONNECT' || frame.command === 'STOMP') return void onConnect(frame);
        return fail('not connected', 'The first frame must be CONNECT');
      }
      switch (frame.command) {
        case 'SUBSCRIBE': {
          const id = frame.headers.id;
          const m = DESTINATION.exec(frame.headers.destination ?? '');
          if (!id) return fail('missing id header');
          if (!m || Number(m[1]) !== user.userId) return fail('forbidden destination', '只能订阅自己的消息');
          subscriptions.set(id, m[2] as Channel);
          return receipt(frame);
        }
        case 'UNSUBSCRIBE':
          subscriptions.delete(frame.headers.id ?? '');
          return receipt(frame);
        case 'DISCONNECT':
          receipt(frame);
          shutdown();
          return void setTimeout(() => ws.close(1000), 20);
        case 'ACK':
        case 'NACK':
          return receipt(frame);
        case 'SEND':
          return fail('SEND not supported', '请通过 POST /SysAdmin/api/chat/send 发送消息');
        default:
          return fail('unsupported frame', frame.command);
      }
    }

    ws.on('message', (data: RawData) => {
      lastReceived = Date.now();
      const chunk = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      let items;
      try {
        items = parser.push(chunk);
      } catch (err) {
        const e = err as StompError;
        return fail(e.kind === 'too-large' ? 'frame too large' : 'malformed frame', e.message);
      }
      for (const item of items) if (item !== 'heartbeat' && !closed) onFrame(item);
    });
    ws.on('close', shutdown);
    ws.on('error', (err) => {
      opts.log.warn({ err }, 'stomp socket error');
      shutdown();
    });
  }

  return {
    async close() {
      server.off('upgrade', onUpgrade);
      opts.hub.closeAll('server shutting down');
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}

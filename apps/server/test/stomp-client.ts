import { Client, type IMessage } from '@stomp/stompjs';
import { WebSocket } from 'ws';

/** The real @stomp/stompjs client, in Node over `ws`, as the web app uses it. */
export function stompClient(
  base: string,
  token: string | null,
  opts: {
    heartbeatOutgoing?: number;
    heartbeatIncoming?: number;
    reconnectDelay?: number;
    origin?: string;
  } = {},
) {
  const url = `${base.replace(/^http/, 'ws')}/SysAdmin/api/chat/connect`;
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(url, opts.origin ? { headers: { origin: opts.origin } } : undefined),
    connectHeaders: token ? { serviceToken: token } : {},
    heartbeatOutgoing: opts.heartbeatOutgoing ?? 20_000,
    heartbeatIncoming: opts.heartbeatIncoming ?? 0,
    reconnectDelay: opts.reconnectDelay ?? 0,
  });
  return client;
}

/** Resolves once CONNECTED arrives; rejects on an ERROR frame or a closed socket. */
export function connect(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (f) => reject(new Error(`ERROR ${f.headers.message}: ${f.body}`));
    client.onWebSocketClose = (e) => reject(new Error(`closed ${(e as { code?: number }).code}`));
    client.activate();
  });
}

export function collect(client: Client, destination: string): IMessage[] {
  const got: IMessage[] = [];
  client.subscribe(destination, (m) => got.push(m));
  return got;
}

export async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

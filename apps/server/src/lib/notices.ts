/**
 * What a cache kept in memory between the writes that change it needs of the database's
 * notices (LISTEN/NOTIFY: `Database.listen`): the catalogue, the sessions and a person's own
 * lists each subscribe to their channel this way.
 */

/**
 * LISTEN on `channel`. `onListening(false)` says notices may be missed from now on (the listening
 * connection is lost), `onListening(true)` that they are heard again.
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onListening?: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

/**
 * A cache's subscription: `listening` is true only while every notice is heard, so memory is
 * trusted only then. `forgetAll` runs when the connection is lost, when it listens again (what
 * was loaded in between may have missed a notice) and on `stop`.
 */
export function noticeSubscription(
  channel: string,
  on: { notice(payload: string): void; forgetAll(): void },
) {
  let listening = false;
  let unlisten: (() => Promise<void>) | null = null;
  return {
    get listening() {
      return listening;
    },
    async start(listen: Listen) {
      if (unlisten) return;
      unlisten = await listen(channel, on.notice, (heard) => {
        on.forgetAll();
        listening = heard;
      });
      listening = true;
    },
    async stop() {
      listening = false;
      on.forgetAll();
      const off = unlisten;
      unlisten = null;
      if (off) await off().catch(() => {});
    },
  };
}

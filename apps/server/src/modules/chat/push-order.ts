/** What a send does with the turn it took: run its pushes in that turn, or give the turn up. */
export interface PushTurn {
  /** Runs `work` once every earlier turn of the same chat is done; answers with its outcome. */
  run(work: () => Promise<void>): Promise<void>;
  /** Nothing to push (the send failed or was a retry): the next turn need not wait for this one. */
  skip(): void;
}

/**
 * Pushes of one chat leave this process in the order their turns were taken. A send takes
 * its turn while it holds the chat's row lock, so turns follow commit order, which is id
 * order; without this, two sends committed as 5 then 6 could push 6 first, and a receiver
 * whose socket dropped between the two pushes would hold 6, catch up "after 6" and never
 * see 5. A failed push is reported to its own sender and does not stop the queue.
 */
export function createPushOrder() {
  const tails = new Map<number, Promise<void>>();
  return {
    take(chatId: number): PushTurn {
      let settle!: (work: (() => Promise<void>) | null) => void;
      const ready = new Promise<(() => Promise<void>) | null>((resolve) => (settle = resolve));
      const previous = tails.get(chatId) ?? Promise.resolve();
      const done = previous.then(async () => {
        const work = await ready;
        if (work) await work();
      });
      const tail = done.catch(() => {});
      tails.set(chatId, tail);
      void tail.then(() => {
        if (tails.get(chatId) === tail) tails.delete(chatId);
      });
      let used = false;
      return {
        run(work) {
          if (used) throw new Error('push turn already used');
          used = true;
          settle(work);
          return done;
        },
        skip() {
          if (used) return;
          used = true;
          settle(null);
        },
      };
    },
    /** Chats with pushes queued or running (0 when idle: nothing is kept for quiet chats). */
    pending: () => tails.size,
  };
}
export type PushOrder = ReturnType<typeof createPushOrder>;

/** A LISTEN channel the unit tests notify by hand, as the database would at a commit. */
export function fakeChannel() {
  let handler: ((payload: string) => void) | null = null;
  let onListening: ((listening: boolean) => void) | undefined;
  let channel = '';
  return {
    listen: async (c: string, fn: (payload: string) => void, listening?: (yes: boolean) => void) => {
      channel = c;
      handler = fn;
      onListening = listening;
      return async () => {
        handler = null;
      };
    },
    notify: (payload: string) => handler?.(payload),
    /** The listening connection lost (`false`) or listening again (`true`). */
    heard: (listening: boolean) => onListening?.(listening),
    get channel() {
      return channel;
    },
    get listening() {
      return handler !== null;
    },
  };
}

/** A loader that counts its calls, to tell an answer from memory from a load. */
export function counter<T>(value: () => T) {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      return value();
    },
    get calls() {
      return calls;
    },
  };
}

/** A LISTEN channel the unit tests notify by hand, as the database would at a commit. */
export function fakeChannel() {
  let handler: ((payload: string) => void) | null = null;
  let channel = '';
  return {
    listen: async (c: string, fn: (payload: string) => void) => {
      channel = c;
      handler = fn;
      return async () => {
        handler = null;
      };
    },
    notify: (payload: string) => handler?.(payload),
    get channel() {
      return channel;
    },
    get listening() {
      return handler !== null;
    },
  };
}

/**
 * File work (pictures drawn by sharp, videos copied) started while the seed goes on writing
 * rows, and awaited before it returns: sharp and the file system work on libuv's threads while
 * the database works on the main one (issue 18: a fresh start spent 0.7 s waiting on them in
 * turn). A failure is not lost: `done()` rejects with the first one.
 */
export function backgroundWork() {
  const pending: Promise<unknown>[] = [];
  return {
    add(work: Promise<unknown>): void {
      // Handled here so a failure before `done()` is not an unhandled rejection; `done()` still sees it.
      work.catch(() => {});
      pending.push(work);
    },
    async done(): Promise<void> {
      await Promise.all(pending);
    },
  };
}

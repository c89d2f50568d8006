import { useCallback, useEffect, useRef } from 'react';

const keyOf = (aid: number, part: number) => `psy.assessment.${aid}.${part}.seconds`;

function stored(key: string): number {
  try {
    return Number(sessionStorage.getItem(key)) || 0;
  } catch {
    return 0;
  }
}

function store(key: string, seconds: number | null) {
  try {
    if (seconds === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, String(seconds));
  } catch {
    // No storage: the time of this visit alone is reported.
  }
}

/**
 * Seconds spent answering one scale (durationSeconds): the time this page is open and
 * visible, added up across visits in this tab, so leaving and resuming does not reset it.
 */
export function useElapsed(aid: number, part: number) {
  const key = keyOf(aid, part);
  // Since when the page has been visible and not yet counted; null while hidden.
  const since = useRef<number | null>(null);

  const flush = useCallback(() => {
    if (since.current === null) return;
    const now = Date.now();
    store(key, stored(key) + (now - since.current) / 1000);
    since.current = now;
  }, [key]);

  useEffect(() => {
    since.current = document.hidden ? null : Date.now();
    const onVisibility = () => {
      if (document.hidden) {
        flush();
        since.current = null;
      } else {
        since.current = Date.now();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      since.current = null;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
    };
  }, [flush]);

  return {
    /** Whole seconds so far, capped at a day as the server accepts. */
    seconds: () => {
      flush();
      return Math.min(24 * 3600, Math.round(stored(key)));
    },
    clear: () => {
      since.current = null;
      store(key, null);
    },
  };
}

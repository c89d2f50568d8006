import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (ISO), ticking each second; null without a deadline. */
export function useCountdown(deadline: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  const end = deadline ? Date.parse(deadline) : null;
  const running = end !== null && end > now;
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  return end === null ? null : Math.max(0, end - now);
}

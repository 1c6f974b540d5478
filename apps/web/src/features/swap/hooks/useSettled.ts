import { useEffect, useRef, useState } from 'react';

/**
 * The value to quote for: a change after a quiet spell passes at once (the first amount typed is quoted without
 * waiting), and changes that follow it within `delayMs` pass only once they have stayed the same for `delayMs`, so
 * typing "250" asks for at most two quotes. Null while the latest value has not passed.
 */
export function useSettled(value: string | null, delayMs: number): string | null {
  const [settled, setSettled] = useState<string | null>(null);
  // When the value last changed (performance.now()); -Infinity before the first change.
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (value === null) return;
    const now = performance.now();
    const quiet = now - lastChange.current >= delayMs;
    lastChange.current = now;
    if (quiet) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value !== null && settled === value ? value : null;
}

import { useEffect, useState } from 'react';

/** `value`, once it stayed the same for `delayMs` (so typing an amount asks for one quote, not one per key). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

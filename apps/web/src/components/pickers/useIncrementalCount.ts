import { nextVisibleCount, PICKER_STEP } from '@jelly/domain';
import { PICKER_INITIAL_COUNT, PICKER_LOAD_DELAY_MS, PICKER_SCROLL_TRIGGER_PX } from '../../lib/ui/constants.ts';
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';

export interface IncrementalCountOptions {
  initial?: number;
  step?: number;
  delayMs?: number;
  /** Distance from the end of the list, in pixels, that starts the next load. */
  triggerPx?: number;
  /** When this value changes (e.g. the search text) the list starts again from the first items. */
  resetKey?: unknown;
}

export interface IncrementalCount {
  /** How many items to render. */
  visible: number;
  /** True while the next step waits for its delay. */
  loadingMore: boolean;
  /** Attach to the scrolling element. */
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/** True when the scrolled element's end is within `triggerPx`. */
export function nearEnd(element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>, triggerPx: number): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= triggerPx;
}

/**
 * Infinite scroll over a list already in memory (pickers and the countries list show 10 first and add
 * 10 more when scrolled within 100px of the end, after a 300 ms delay).
 */
export function useIncrementalCount(total: number, options: IncrementalCountOptions = {}): IncrementalCount {
  const {
    initial = PICKER_INITIAL_COUNT,
    step = PICKER_STEP,
    delayMs = PICKER_LOAD_DELAY_MS,
    triggerPx = PICKER_SCROLL_TRIGGER_PX,
    resetKey,
  } = options;
  const [state, setState] = useState({ key: resetKey, count: initial });
  const [loadingMore, setLoadingMore] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new search starts from the first page again (state derived during render, no effect needed).
  let count = state.count;
  if (!Object.is(state.key, resetKey)) {
    count = initial;
    setState({ key: resetKey, count: initial });
  }

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setLoadingMore(false);
  }, []);
  useEffect(() => cancel, [cancel, resetKey]);

  const visible = Math.min(count, Math.max(0, total));

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      if (timer.current || visible >= total || !nearEnd(event.currentTarget, triggerPx)) return;
      setLoadingMore(true);
      timer.current = setTimeout(() => {
        timer.current = null;
        setLoadingMore(false);
        setState((previous) => ({ ...previous, count: nextVisibleCount(previous.count, total, step) }));
      }, delayMs);
    },
    [visible, total, triggerPx, delayMs, step],
  );

  return { visible, loadingMore, onScroll };
}

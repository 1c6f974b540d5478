import { useEffect, useRef, type RefObject } from 'react';
import { isTopLayer, pushLayer, removeLayer } from './layers.ts';

/**
 * For a popover (menu, panel) while it is open: a pointer-down outside `rootRef` closes it, and Escape closes it
 * when it is the top overlay layer and gives focus back to `triggerRef`.
 */
export function useDismissable(
  open: boolean,
  rootRef: RefObject<HTMLElement | null>,
  triggerRef: RefObject<HTMLElement | null>,
  close: () => void,
): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!open) return;
    const layer = pushLayer();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) closeRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isTopLayer(layer)) {
        event.preventDefault();
        closeRef.current();
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      removeLayer(layer);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, rootRef, triggerRef]);
}

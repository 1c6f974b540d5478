import { MOBILE_BREAKPOINT_PX } from './constants.ts';
import { useSyncExternalStore } from 'react';

function query(media: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(media) : null;
}

/** Whether a media query matches, following changes (false where matchMedia does not exist). */
export function useMediaQuery(media: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = query(media);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => query(media)?.matches ?? false,
    () => false,
  );
}

/** Phone widths: up to 767px, where the mobile tab bar takes over from the header. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
}

import { MOBILE_BREAKPOINT_PX } from '../../lib/ui/constants.ts';

/** A touch device with a phone-width screen: there the last wallet is offered with 'Open {wallet}?'. */
export function isMobileDevice(win: Window = window): boolean {
  const touch = win.navigator.maxTouchPoints > 0 || 'ontouchstart' in win;
  const narrow = win.matchMedia?.(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches ?? false;
  return touch && narrow;
}

/** The inputs that come before any action: the first of them starts the wallet's load. */
const FIRST_INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Runs `task` on the page's first pointer, touch or key input; returns the cancel. Not on idle: on a phone the wallet
 * libraries are a few hundred milliseconds of script that would block the screen the user just opened, and nothing
 * but an action of the user needs them.
 */
export function onFirstInput(task: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => FIRST_INPUTS.forEach((type) => window.removeEventListener(type, run, options));
  function run() {
    stop();
    task();
  }
  FIRST_INPUTS.forEach((type) => window.addEventListener(type, run, options));
  return stop;
}

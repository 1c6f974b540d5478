/**
 * The one kill-on-exit registry: whatever a test or a bench started is killed when its process ends in any way (it
 * returns, calls process.exit, throws an uncaught error, or gets SIGINT, SIGTERM or SIGHUP), so a failed run never
 * leaves an orphan holding a port, a database or a CPU.
 *
 * A signal must not change how the process answers it: when no one else listens for it, the registry kills its
 * entries, removes its own handler and raises the signal again, so the process still ends by that signal (the
 * default); when someone else listens (a test runner's graceful shutdown), the exit is theirs to decide.
 */
const killers = new Set<() => void>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let installed = false;

/** Runs every registered kill once, each on its own (one that throws does not stop the others). */
export function killAll(): void {
  for (const kill of [...killers]) {
    try {
      kill();
    } catch {
      // already gone
    }
  }
  killers.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  if (process.listenerCount(signal) === 1) {
    process.removeListener(signal, onSignal);
    process.kill(process.pid, signal);
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAll);
  // the monitor runs before Node reports the error and exits; it does not change that outcome
  process.on('uncaughtExceptionMonitor', killAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

/** Registers a synchronous kill (a child process, its group, a browser, a folder to drop), run when the process ends; returns the undo. */
export function onExit(kill: () => void): () => void {
  install();
  killers.add(kill);
  return () => killers.delete(kill);
}

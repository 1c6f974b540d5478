// The process kit: start a process and wait for it to be ready (start-process.ts), one free port (port.ts), the
// kill-on-exit registry (exit-registry.ts), and the API server and localnet presets (presets.ts).
export { killAll, onExit } from './exit-registry.ts';
export type { Line, Stream } from './output.ts';
export { freePort } from './port.ts';
export { apiProcess, localnetProcess, type ApiProcess, type ApiProcessOptions, type LocalnetProcess, type LocalnetProcessOptions } from './presets.ts';
export { startProcess, type Exit, type ProcessOptions, type ReadyValue, type ReadyWhen, type StartedProcess } from './start-process.ts';

// The bench kit: limits and failures (limits.ts), the server child process (child.ts), HTTP calls (http.ts) and
// figures (figures.ts). The autocannon load lives in '@jelly/bench-kit/autocannon' and the child's half in
// '@jelly/bench-kit/child-side', so a bench loads only what it uses.
export { TARGET_MISSED_EXIT, TIME_LIMIT_ENV, numberFlag, onExit, overallLimitS, parseFlags, runBench, step, within } from './limits.ts';
export { runCommand, startChild, type BenchChild, type ChildOptions } from './child.ts';
export { expectJson, expectStatus } from './http.ts';
export { freePort } from './port.ts';
export { loadLine, ms, percentile, ratio, summarize, type Summary } from './figures.ts';

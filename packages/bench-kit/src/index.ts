// The bench kit: limits and failures (limits.ts), the server child process (child.ts), HTTP calls (http.ts),
// figures (figures.ts) and the process kit every test and bench starts processes with (process/, also
// '@jelly/bench-kit/process'). The autocannon load lives in '@jelly/bench-kit/autocannon' and the child's half in
// '@jelly/bench-kit/child-side', so a bench loads only what it uses.
export { TARGET_MISSED_EXIT, TIME_LIMIT_ENV, numberFlag, overallLimitS, parseFlags, runBench, step, within } from './limits.ts';
export { runCommand, startChild, type BenchChild, type ChildOptions } from './child.ts';
export { expectJson, expectStatus } from './http.ts';
export { loadLine, ms, percentile, ratio, summarize, type Summary } from './figures.ts';
export * from './process/index.ts';

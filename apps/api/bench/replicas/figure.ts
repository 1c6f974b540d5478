import { readFileSync } from 'node:fs';

/** One figure of the replicas bench, as its summary prints it. */
export interface Figure {
  name: string;
  /** The figure beside its baseline, the ratio and the target's verdict. */
  line: string;
  met: boolean;
}

export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/** CPU time a process has used so far (user + system), in ms, from /proc/<pid>/stat. */
export function cpuMsOf(pid: number): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** One figure of the replicas bench, as its summary prints it. */
export interface Figure {
  name: string;
  /** The figure beside its baseline, the ratio and the target's verdict. */
  line: string;
  met: boolean;
}

export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

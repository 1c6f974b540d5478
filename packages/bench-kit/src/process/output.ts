/**
 * What a started process printed, kept as lines (stdout and stderr apart) for readiness matchers and failure
 * messages. The line being written (no newline yet: a `[y/N]` prompt) is matched too. Only the last `maxLines` are
 * kept: a long-running server's logs must not grow the test's memory without end.
 */
export type Stream = 'stdout' | 'stderr';

export interface Line {
  stream: Stream;
  text: string;
  /** The line being written, told to listeners before its newline comes (it is told again, whole, when it does). */
  partial?: boolean;
}

type Listener = (line: Line) => void;

export class OutputLines {
  private readonly lines: Line[] = [];
  private readonly partial: Record<Stream, string> = { stdout: '', stderr: '' };
  private readonly listeners = new Set<Listener>();

  constructor(private readonly maxLines: number) {}

  /** A chunk as it arrived; complete lines are kept, and every listener sees each complete line and the partial one. */
  take(stream: Stream, chunk: string): void {
    const parts = (this.partial[stream] + chunk).split('\n');
    this.partial[stream] = parts.pop() ?? '';
    for (const text of parts) this.keep({ stream, text: text.replace(/\r$/, '') });
    if (this.partial[stream]) this.tell({ stream, text: this.partial[stream], partial: true });
  }

  /** The last line of each stream, once its stream has ended without a newline. */
  flush(stream: Stream): void {
    if (this.partial[stream]) this.keep({ stream, text: this.partial[stream] });
    this.partial[stream] = '';
  }

  /** Every line kept (and the partial ones), oldest first, from one stream or both. */
  all(stream?: Stream): Line[] {
    const partials = (['stdout', 'stderr'] as const).filter((s) => this.partial[s]).map((s) => ({ stream: s, text: this.partial[s] }));
    return [...this.lines, ...partials].filter((line) => !stream || line.stream === stream);
  }

  text(stream?: Stream): string {
    return this.all(stream)
      .map((line) => line.text)
      .join('\n');
  }

  tail(count: number): string {
    return this.all().slice(-count).map((line) => line.text).join('\n');
  }

  /** Calls `listener` with every line from now on; returns the undo. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private keep(line: Line): void {
    this.lines.push(line);
    if (this.lines.length > this.maxLines) this.lines.splice(0, this.lines.length - this.maxLines);
    this.tell(line);
  }

  private tell(line: Line): void {
    for (const listener of [...this.listeners]) listener(line);
  }
}

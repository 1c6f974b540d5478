/** The server's message of a failed call ({ error: { message } }), or a general one. */
export function failureMessage(error: unknown): string {
  const data = (error as { data?: { error?: { message?: unknown } } } | undefined)?.data;
  const message = data?.error?.message;
  return typeof message === 'string' && message ? message : 'Check your connection and try again.';
}

/** The HTTP status of a failed RTK Query call, if it had one. */
export function failureStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : null;
}

/**
 * One HTTP call of a bench: its own time limit, and any answer but the expected status fails at once with the
 * method, the path, the status and the start of the body (a 429 names its limit there).
 */
export async function expectStatus(url: string, init: RequestInit, expected: number, withinS = 30): Promise<Response> {
  const method = init.method ?? 'GET';
  const path = new URL(url).pathname;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(withinS * 1000) });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${withinS} s` : String((error as Error).cause ?? error);
    throw new Error(`${method} ${path}: ${reason}`);
  }
  if (response.status !== expected) {
    throw new Error(`${method} ${path} answered ${response.status} (expected ${expected}): ${(await response.text()).slice(0, 300)}`);
  }
  return response;
}

/** expectStatus, then the body as JSON. */
export async function expectJson<T>(url: string, init: RequestInit, expected = 200, withinS = 30): Promise<T> {
  return (await (await expectStatus(url, init, expected, withinS)).json()) as T;
}

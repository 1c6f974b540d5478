/** The outcome of a rule check: ok (optionally with a value) or the user-facing error message. */
export type Check<T = undefined> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

export function pass(): Check;
export function pass<T>(value: T): Check<T>;
export function pass<T>(value?: T): Check<T | undefined> {
  return { ok: true, value };
}

export function fail<T = undefined>(error: string): Check<T> {
  return { ok: false, error };
}

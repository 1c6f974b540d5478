/**
 * Every schema of the contracts is declared through `lazySchema(() => z…)`.
 *
 * In a browser the schema is built on first use: building all of them took one task of several hundred milliseconds
 * on a phone before the first screen could render, and a screen uses a few. The value handed out is a stand-in that
 * builds the schema when it is first touched and then forwards every operation to it, so it parses, composes
 * (`.extend`, `.optional`, a field of another schema) and answers `instanceof` like the schema itself, with the
 * schema's own type.
 *
 * Anywhere else (the API, tools, tests in Node) the schema is built at once and returned as it is: the server builds
 * them at start anyway, and its OpenAPI document names the schemas by identity.
 */
const buildOnFirstUse = 'document' in globalThis;

export function lazySchema<T extends object>(build: () => T): T {
  if (!buildOnFirstUse) return build();
  let schema: T | undefined;
  const built = (): T => (schema ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(built(), key, built()),
    set: (_target, key, value) => Reflect.set(built(), key, value),
    has: (_target, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    // A proxy may not report a property its (empty) target lacks as non-configurable.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}

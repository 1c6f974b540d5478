import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as eager from './index.ts';

/** The module as a browser loads it (it decides once, at load, whether to build on first use). */
async function inBrowser() {
  vi.stubGlobal('document', {});
  vi.resetModules();
  return { ...(await import('./lazy-schema.ts')), contracts: await import('./index.ts') };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('lazySchema', () => {
  it('builds at once outside a browser and hands out the schema itself', async () => {
    const { lazySchema } = await import('./lazy-schema.ts');
    const schema = z.string();
    const build = vi.fn(() => schema);
    expect(lazySchema(build)).toBe(schema);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('in a browser builds on first use, once', async () => {
    const { lazySchema } = await inBrowser();
    const build = vi.fn(() => z.object({ n: z.number() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ n: 1 })).toEqual({ n: 1 });
    expect(schema.safeParse({ n: 'x' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('in a browser composes like the schema: a field, extend, optional, instanceof', async () => {
    const { lazySchema } = await inBrowser();
    const id = lazySchema(() => z.number().int().positive());
    const item = lazySchema(() => z.object({ id, name: z.string() }));
    const named = lazySchema(() => item.extend({ tag: z.string().optional() }));
    expect(z.object({ item: named.optional() }).parse({ item: { id: 2, name: 'a' } })).toEqual({ item: { id: 2, name: 'a' } });
    expect(named.safeParse({ id: -1, name: 'a' }).success).toBe(false);
    expect(Object.keys(named.shape)).toEqual(['id', 'name', 'tag']);
    expect(item instanceof z.ZodObject).toBe(true);
    expect(id instanceof z.ZodObject).toBe(false);
  });

  it('in a browser the contracts parse and refuse exactly as the built schemas do', async () => {
    const { contracts } = await inBrowser();
    const wallet = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const signIn = { network: 'sol', wallet, nonce: 'abc', signature: '5'.repeat(88) };
    expect(contracts.authRequest.parse(signIn)).toEqual(eager.authRequest.parse(signIn));
    for (const value of [signIn, { ...signIn, network: 'eth' }, { ...signIn, signature: '0OIl' }]) {
      const [lazy, built] = [contracts.authRequest.safeParse(value), eager.authRequest.safeParse(value)];
      expect(lazy.success).toBe(built.success);
      expect(lazy.error?.issues).toEqual(built.error?.issues);
    }
    const query = { Page: '2', Size: '', PaymentMethod: 'a,b', Fiat: 'eur' };
    expect(contracts.marketQuery.safeParse(query)).toEqual(eager.marketQuery.safeParse(query));
  });
});

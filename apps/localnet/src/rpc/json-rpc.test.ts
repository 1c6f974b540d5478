import { describe, expect, it } from 'vitest';
import { handleJsonRpc } from './json-rpc.ts';
import { RpcError } from './rpc-error.ts';

const methods = {
  echo: (params: unknown) => params,
  fail: () => {
    throw new RpcError(-32002, 'nope', { logs: ['a'] });
  },
  crash: () => {
    throw new Error('secret detail');
  },
};

describe('handleJsonRpc', () => {
  it('answers single requests with their id', async () => {
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: 7, method: 'echo', params: [1] }, methods)).toEqual({ jsonrpc: '2.0', id: 7, result: [1] });
  });

  it('returns RPC errors with their data, and hides internal errors', async () => {
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: 1, method: 'fail' }, methods)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32002, message: 'nope', data: { logs: ['a'] } },
    });
    const logged: unknown[] = [];
    const crashed = await handleJsonRpc({ jsonrpc: '2.0', id: 2, method: 'crash' }, methods, (message, data) => logged.push([message, data]));
    expect(crashed).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error' } });
    expect(JSON.stringify(logged)).toContain('secret detail');
  });

  it('does not treat inherited object properties as methods', async () => {
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: 1, method: 'toString' }, methods)).toMatchObject({ error: { code: -32601 } });
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: 1, method: '__proto__' }, methods)).toMatchObject({ error: { code: -32601 } });
  });

  it('refuses malformed requests', async () => {
    expect(await handleJsonRpc({ jsonrpc: '1.0', id: 1, method: 'echo' }, methods)).toMatchObject({ error: { code: -32600 } });
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: {}, method: 'echo' }, methods)).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await handleJsonRpc('text', methods)).toMatchObject({ error: { code: -32600 } });
  });

  it('answers nothing for a batch of notifications', async () => {
    expect(await handleJsonRpc([{ jsonrpc: '2.0', method: 'echo' }, { jsonrpc: '2.0', method: 'fail' }], methods)).toBeUndefined();
  });
});

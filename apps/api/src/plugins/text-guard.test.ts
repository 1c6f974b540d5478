import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text-guard.ts';

describe('findUnstorableText', () => {
  it('names the path of a NUL character or a lone surrogate', () => {
    expect(findUnstorableText({ a: [{ b: 'x\u0000' }] }, 'body')).toBe('body.a.0.b');
    expect(findUnstorableText({ q: '\uD800' }, 'query')).toBe('query.q');
    expect(findUnstorableText({ a: 'fine' }, 'body')).toBeNull();
  });

  it('passes over a body left as a stream (the /rpc proxy sends it upstream unread)', () => {
    const stream = new PassThrough();
    stream.end('{"jsonrpc":"2.0"}');
    expect(findUnstorableText(stream, 'body')).toBeNull();
  });
});

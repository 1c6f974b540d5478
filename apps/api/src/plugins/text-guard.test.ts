import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text-guard.ts';

describe('findUnstorableText', () => {
  it('names the path of a NUL character or a lone surrogate', () => {
    expect(findUnstorableText({ a: [{ b: 'x\u0000' }] }, 'body')).toBe('body.a.0.b');
    expect(findUnstorableText({ q: '\uD800' }, 'query')).toBe('query.q');
    expect(findUnstorableText({ a: 'fine' }, 'body')).toBeNull();
  });

  it.each([
    ['a pair (emoji)', { note: 'ok 😀 \uD83D\uDE00' }, null],
    ['a lone high surrogate at the end', { note: 'ok \uD83D' }, 'body.note'],
    ['a lone low surrogate at the start', { note: '\uDE00 ok' }, 'body.note'],
    ['two highs in a row', { note: '\uD83D\uD83D\uDE00' }, 'body.note'],
    ['a NUL in a key: the object holding it', { list: [{ ['k\u0000']: 'v' }] }, 'body.list.0'],
    ['a lone surrogate in a key', { ['\uDC00']: 1 }, 'body'],
    ['the body itself a string', 'x\u0000', 'body'],
    ['the first of several', { a: ['fine', 'x\u0000'], b: '\uD800' }, 'body.a.1'],
    ['numbers, booleans and null', { n: 1, t: true, z: null, list: [1, 2] }, null],
  ])('%s', (_name, value, path) => {
    expect(findUnstorableText(value, 'body')).toBe(path);
  });

  it('passes over a body left as a stream (the /rpc proxy sends it upstream unread)', () => {
    const stream = new PassThrough();
    stream.end('{"jsonrpc":"2.0"}');
    expect(findUnstorableText(stream, 'body')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './attachmentDownload.ts';

describe('dispositionFileName', () => {
  it.each([
    [`inline; filename="a_b.pdf"; filename*=UTF-8''a%C3%A4b.pdf`, 'aäb.pdf'],
    ['inline; filename="statement.pdf"', 'statement.pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    [`inline; filename="fallback.pdf"; filename*=UTF-8''%E0%A4%A`, 'fallback.pdf'],
    ['inline', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });
});

import { describe, expect, it } from 'vitest';
import { messageParts } from './messageParts.ts';

describe('messageParts', () => {
  it('keeps plain text as one part', () => {
    expect(messageParts('Paid via SEPA, ref 123')).toEqual([{ type: 'text', text: 'Paid via SEPA, ref 123' }]);
  });

  it('tags each link by how it renders: image, video, PDF or plain link', () => {
    expect(
      messageParts('see https://x.io/a.PNG and https://x.io/clip.mp4?t=3 or https://x.io/doc.pdf#page=2 at https://bank.example/tx/9'),
    ).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', url: 'https://x.io/a.PNG', kind: 'image' },
      { type: 'text', text: ' and ' },
      { type: 'link', url: 'https://x.io/clip.mp4?t=3', kind: 'video' },
      { type: 'text', text: ' or ' },
      { type: 'link', url: 'https://x.io/doc.pdf#page=2', kind: 'pdf' },
      { type: 'text', text: ' at ' },
      { type: 'link', url: 'https://bank.example/tx/9', kind: 'link' },
    ]);
  });

  it('leaves sentence punctuation after a link as text', () => {
    expect(messageParts('Receipt: https://x.io/r.jpg.')).toEqual([
      { type: 'text', text: 'Receipt: ' },
      { type: 'link', url: 'https://x.io/r.jpg', kind: 'image' },
      { type: 'text', text: '.' },
    ]);
  });

  it('does not treat other schemes as links', () => {
    expect(messageParts('javascript:alert(1) ftp://x.io/a.png')).toEqual([
      { type: 'text', text: 'javascript:alert(1) ftp://x.io/a.png' },
    ]);
  });
});

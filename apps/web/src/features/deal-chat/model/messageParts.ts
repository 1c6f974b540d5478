import { linkKind, type LinkKind } from '@jelly/domain';

export type MessagePart = { type: 'text'; text: string } | { type: 'link'; url: string; kind: LinkKind };

const LINK = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than a URL ('see https://x.io/a.png.' → the dot is text). */
const TRAILING = /[.,;:!?)\]]+$/;

/** Splits message text into plain text and http(s) links, each link tagged with how it renders (domain linkKind). */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let cursor = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    if (start > cursor) parts.push({ type: 'text', text: text.slice(cursor, start) });
    parts.push({ type: 'link', url, kind: linkKind(url) });
    cursor = start + url.length;
  }
  if (cursor < text.length) parts.push({ type: 'text', text: text.slice(cursor) });
  return parts;
}

/** Said beside every link in a message: following it takes the reader away from Jelly. */
export const LEAVES_JELLY = '(opens outside Jelly)';

// Token symbols and names that a trader could take for one another ("USDC", "usdc", "ＵＳＤＣ", "UЅDC" with a
// Cyrillic Ѕ, "USD\u200bC" (a zero-width space inside)) fold to one key, so a second "USDC" is never listed unnoticed.
//
// The look-alike letters are a small table here rather than a library: the well-kept one (unhomoglyph, generated
// from Unicode's confusables list) cannot be added to this repository's dependencies yet, and symbols are short
// Latin tickers, so what must fold is the few scripts whose letters are drawn like Latin ones (Cyrillic, Greek,
// Armenian, Cherokee, IPA). NFKC already folds fullwidth, mathematical and other compatibility letters.

/** Pairs "look-alike, Latin": each character of the first half folds to the character at the same place. */
const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [
    // Cyrillic capitals and small letters
    ['АВЕЅІЈКМНОРСТХУԌԚԜӀ', 'ABESIJKMHOPCTXYGQWI'],
    ['аеѕіјорсхуԁԛԝһӏгпѵ', 'aesijopcxydqwhlrnv'],
    // Greek
    ['ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϜ', 'ABEZHIKMNOPTYXF'],
    ['αοριγνυχκϲϳ', 'aopiyvuxkcj'],
    // Armenian, Cherokee, Latin IPA and dotless letters
    ['ՕօՍսհոցԼ', 'OoUuhngL'],
    ['ᎪᏴᏟᎬᎻᏦᎷᏢᏚᎢᏔᏃ', 'ABCEHKMPSTWZ'],
    ['ıȷɑɡʏɩɪʟ', 'ijagyiil'],
  ].flatMap(([from, to]) => [...from!].map((char, i): [string, string] => [char, to![i]!])),
);

/**
 * The key two labels share when a reader could confuse them: NFKC, no invisible characters or spaces, look-alike
 * letters as their Latin twins, no accents, lower case, and the digits and letter pairs drawn alike made one
 * (0/o, 1/l/i/|, rn/m, vv/w).
 */
export function lookalikeKey(label: string): string {
  const visible = label.normalize('NFKC').replace(/[\p{Default_Ignorable_Code_Point}\p{White_Space}]/gu, '');
  const latin = [...visible].map((char) => LOOKALIKES[char] ?? char).join('');
  return latin
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/0/g, 'o')
    .replace(/[1i|!]/g, 'l')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

/** A reader could take one label for the other. */
export const looksAlike = (a: string, b: string): boolean => lookalikeKey(a) === lookalikeKey(b);

/** The tokens of a list whose symbol or name could be taken for another's: these show their mint beside the label. */
export function confusableMints(tokens: readonly { mint: string; symbol: string; name: string }[]): Set<string> {
  const byKey = new Map<string, Set<string>>();
  for (const token of tokens) {
    for (const key of new Set([`s:${lookalikeKey(token.symbol)}`, `n:${lookalikeKey(token.name)}`])) {
      byKey.set(key, (byKey.get(key) ?? new Set()).add(token.mint));
    }
  }
  const mints = new Set<string>();
  for (const group of byKey.values()) if (group.size > 1) for (const mint of group) mints.add(mint);
  return mints;
}

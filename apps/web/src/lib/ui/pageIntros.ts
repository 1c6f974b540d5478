/**
 * The title and lead atop the main screens. The app renders them (components/ui/PageIntro.tsx) and the first paint
 * draws the same words from the HTML before any script has run (first-paint/plugin.ts), in the same box: the screen's
 * largest text is on it from the first frame, and React's render draws it again in place.
 */
export const PAGE_INTROS = {
  swap: {
    title: 'Swap',
    lead: 'Swap tokens with the Jelly desk at a firm quote: you sign once in your wallet and the swap settles in one transaction.',
  },
  coinJelly: {
    title: 'Coin Jelly',
    lead: 'Send one coin to a deposit address of your own and receive another at the address you choose. Each order shows its progress until the coins arrive.',
  },
  dashboard: {
    title: 'Dashboard',
    lead: 'Your running deals, your order, ad, swap and Coin Jelly history, and your trader stats, in one place.',
  },
  /** A deal's page while the deal loads (its header and chat then fill the screen). */
  deal: {
    title: 'Deal',
    lead: 'Chat with your counterparty and follow each step here. The crypto stays in the on-chain escrow until the deal ends.',
  },
} as const satisfies Record<string, { title: string; lead: string }>;

export type PageIntroName = keyof typeof PAGE_INTROS;

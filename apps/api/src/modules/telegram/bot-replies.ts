import { shortenWallet } from '@jelly/domain';

/** What the bot says (plain text). */
export const botReplies = {
  linked: (wallet: string) =>
    `Connected. Jelly notifications for wallet ${shortenWallet(wallet)} will arrive in this chat.\n\nSend /stop to unlink.`,
  expired: 'This link has expired or is not valid. Open Jelly, choose Connect Telegram in the account menu and try again.',
  alreadyUsed: 'This link was already used. Open Jelly, choose Connect Telegram in the account menu to get a new one.',
  startWithoutCode: 'To receive Jelly notifications here, open Jelly and choose Connect Telegram in the account menu.',
  stopped: (wallet: string) => `Unlinked. Notifications for wallet ${shortenWallet(wallet)} will no longer arrive here.`,
  notLinked: 'This chat is not linked to a wallet. Open Jelly and choose Connect Telegram to link it.',
  help: 'This bot sends your Jelly deal notifications. Use Connect Telegram in the Jelly account menu to link a wallet, /stop to unlink.',
} as const;

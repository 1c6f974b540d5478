/** Telegram's limit for one message's text. */
export const TELEGRAM_TEXT_MAX = 4096;
export const DEAL_BUTTON_TEXT = 'Open the deal';

/** The text of a notification in Telegram: the title, a blank line, the message (plain text, no markup). */
export function telegramTextOf(title: string, message: string): string {
  const text = `${title}\n\n${message}`;
  return text.length <= TELEGRAM_TEXT_MAX ? text : `${text.slice(0, TELEGRAM_TEXT_MAX - 1)}…`;
}

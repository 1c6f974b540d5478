/** The chat's record of each act on the payment window, posted in the acting party's name. */

/** 'HH:MM UTC': both parties read the same deadline, whatever their time zones. */
export function utcClock(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC`;
}

export const extensionRequestedText = (minutes: number): string =>
  `Asked for ${minutes} more minutes on the payment window.`;

export const extensionAcceptedText = (minutes: number, deadline: Date): string =>
  `Accepted ${minutes} more minutes: the payment window now ends at ${utcClock(deadline)}.`;

export const extensionDeclinedText = (minutes: number): string => `Declined the request for ${minutes} more minutes.`;

/** What a support request is refused with (kept apart from the use case so the module's index imports no deal code). */
export const WRONG_PARTIES = "buyerWallet and sellerWallet must be the deal's buyer (fiat side) and seller (crypto side).";

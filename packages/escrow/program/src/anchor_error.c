/*
 * Anchor's error line for a failed instruction, so an IDL client (`AnchorError.parse`, `.simulate()`) names the
 * error: "AnchorError occurred. Error Code: <Name>. Error Number: <n>. Error Message: <message>." Names and
 * messages are the IDL's errors and Anchor's own framework errors; test/error-codes.test.ts parses the line
 * of every code with Anchor's parser. Runtime errors (not custom codes) log nothing extra.
 */
#include "jelly.h"

void log_anchor_error(u64 code) {
  switch (code) {
    case 100:
      sol_log("AnchorError occurred. Error Code: InstructionMissing. Error Number: 100. Error Message: Instruction discriminator not provided.");
      return;
    case 101:
      sol_log("AnchorError occurred. Error Code: InstructionFallbackNotFound. Error Number: 101. Error Message: Fallback functions are not supported.");
      return;
    case 102:
      sol_log("AnchorError occurred. Error Code: InstructionDidNotDeserialize. Error Number: 102. Error Message: The program could not deserialize the given instruction.");
      return;
    case 2001:
      sol_log("AnchorError occurred. Error Code: ConstraintHasOne. Error Number: 2001. Error Message: A has one constraint was violated.");
      return;
    case 2006:
      sol_log("AnchorError occurred. Error Code: ConstraintSeeds. Error Number: 2006. Error Message: A seeds constraint was violated.");
      return;
    case 3002:
      sol_log("AnchorError occurred. Error Code: AccountDiscriminatorMismatch. Error Number: 3002. Error Message: Account discriminator did not match what was expected.");
      return;
    case 3005:
      sol_log("AnchorError occurred. Error Code: AccountNotEnoughKeys. Error Number: 3005. Error Message: Not enough account keys given to the instruction.");
      return;
    case 3006:
      sol_log("AnchorError occurred. Error Code: AccountNotMutable. Error Number: 3006. Error Message: The given account is not mutable.");
      return;
    case 3007:
      sol_log("AnchorError occurred. Error Code: AccountOwnedByWrongProgram. Error Number: 3007. Error Message: The given account is owned by a different program than expected.");
      return;
    case 3008:
      sol_log("AnchorError occurred. Error Code: InvalidProgramId. Error Number: 3008. Error Message: Program ID was not as expected.");
      return;
    case 6000:
      sol_log("AnchorError occurred. Error Code: InsufficientBalance. Error Number: 6000. Error Message: Insufficient token balance.");
      return;
    case 6001:
      sol_log("AnchorError occurred. Error Code: InvalidOrderType. Error Number: 6001. Error Message: Invalid order type.");
      return;
    case 6002:
      sol_log("AnchorError occurred. Error Code: OrderNotFound. Error Number: 6002. Error Message: Order not found.");
      return;
    case 6003:
      sol_log("AnchorError occurred. Error Code: Unauthorized. Error Number: 6003. Error Message: Unauthorized action.");
      return;
    case 6004:
      sol_log("AnchorError occurred. Error Code: AlreadyPerformed. Error Number: 6004. Error Message: Race condition detected - operation already performed.");
      return;
    case 6005:
      sol_log("AnchorError occurred. Error Code: AlreadyCompleted. Error Number: 6005. Error Message: Order already completed.");
      return;
    case 6006:
      sol_log("AnchorError occurred. Error Code: AlreadyCancelled. Error Number: 6006. Error Message: Order already cancelled.");
      return;
    case 6007:
      sol_log("AnchorError occurred. Error Code: CannotCancel. Error Number: 6007. Error Message: Cannot cancel order at this stage.");
      return;
    case 6008:
      sol_log("AnchorError occurred. Error Code: BothPartiesMustSign. Error Number: 6008. Error Message: Both parties must sign before settlement.");
      return;
    case 6009:
      sol_log("AnchorError occurred. Error Code: ExceedsAvailable. Error Number: 6009. Error Message: Invalid amount - exceeds available.");
      return;
    case 6010:
      sol_log("AnchorError occurred. Error Code: FiatGuyCannotLock. Error Number: 6010. Error Message: Fiat Guy cannot lock crypto - role violation.");
      return;
    case 6011:
      sol_log("AnchorError occurred. Error Code: CryptoGuyMustLockFirst. Error Number: 6011. Error Message: Crypto Guy must lock first.");
      return;
    case 6012:
      sol_log("AnchorError occurred. Error Code: MintMismatch. Error Number: 6012. Error Message: Invalid token account - mint mismatch.");
      return;
    case 6013:
      sol_log("AnchorError occurred. Error Code: TokenAccountRequired. Error Number: 6013. Error Message: Token account required for this operation.");
      return;
    case 6014:
      sol_log("AnchorError occurred. Error Code: DailyFillLimitReached. Error Number: 6014. Error Message: Daily fill limit reached for this order.");
      return;
    case 6015:
      sol_log("AnchorError occurred. Error Code: CooldownActive. Error Number: 6015. Error Message: Order cooldown active - try again in a moment.");
      return;
    case 6016:
      sol_log("AnchorError occurred. Error Code: InvalidConfig. Error Number: 6016. Error Message: Invalid config value.");
      return;
    case 6017:
      sol_log("AnchorError occurred. Error Code: NotClosable. Error Number: 6017. Error Message: Cannot close at this stage - open tickets or remaining amount.");
      return;
    case 6018:
      sol_log("AnchorError occurred. Error Code: EscapeTooEarly. Error Number: 6018. Error Message: Too early to escape - the deadline after the last action has not passed.");
      return;
    case 6019:
      sol_log("AnchorError occurred. Error Code: EscapeWrongParty. Error Number: 6019. Error Message: Only the party this escape pays out may sign it.");
      return;
    case 6020:
      sol_log("AnchorError occurred. Error Code: EscapeContested. Error Number: 6020. Error Message: The fiat side signed and the crypto side did not - a dispute needs a decision or both parties.");
      return;
    case 6021:
      sol_log("AnchorError occurred. Error Code: EscapeNothingLeft. Error Number: 6021. Error Message: Nothing left to escape - already settled, cancelled or closed.");
      return;
    default:
      return;
  }
}

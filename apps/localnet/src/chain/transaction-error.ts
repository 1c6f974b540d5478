import type { FailedTransactionMetadata } from './svm.ts';

/** A transaction error in the JSON shape Solana's RPC uses (serde of `TransactionError`). */
export type TransactionErrorJson = string | Record<string, unknown>;

// Names in the order of litesvm's `TransactionErrorFieldless` / `InstructionErrorFieldless` const enums.
const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const;

const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const;

// The Display strings of agave's TransactionError / InstructionError, so messages read as on a real cluster.
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  CallChainTooDeep: 'Loader call chain is too deep',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  ClusterMaintenance: 'Transactions are currently disabled due to cluster maintenance',
  AccountBorrowOutstanding: 'Transaction processing left an account with an outstanding borrowed reference',
  WouldExceedMaxBlockCostLimit: 'Transaction would exceed max Block Cost Limit',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  WouldExceedMaxAccountCostLimit: 'Transaction would exceed max account limit within the block',
  WouldExceedAccountDataBlockLimit: 'Transaction would exceed account data limit within the block',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableOwner: 'Transaction loads an address table account with an invalid owner',
  InvalidAddressLookupTableData: 'Transaction loads an address table account with invalid data',
  InvalidAddressLookupTableIndex: 'Transaction address table lookup uses an invalid index',
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
  WouldExceedMaxVoteCostLimit: 'Transaction would exceed max Vote Cost Limit',
  WouldExceedAccountDataTotalLimit: 'Transaction would exceed total account data limit',
  MaxLoadedAccountsDataSizeExceeded: 'Transaction exceeded max loaded accounts data size cap',
  InvalidLoadedAccountsDataSizeLimit: 'LoadedAccountsDataSizeLimit set for transaction must be greater than 0.',
  ResanitizationNeeded: 'ResanitizationNeeded',
  UnbalancedTransaction: 'Sum of account balances before and after transaction do not match',
  ProgramCacheHitMaxLimit: 'Program cache hit max limit',
  CommitCancelled: 'CommitCancelled',
};

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  DuplicateAccountIndex: 'instruction contains duplicate accounts',
  ExecutableModified: 'instruction changed executable bit of an account',
  RentEpochModified: 'instruction modified rent epoch of an account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountDataSizeChanged: "program other than the account's owner changed the size of the account data",
  AccountNotExecutable: 'instruction expected an executable account',
  AccountBorrowFailed: 'instruction tries to borrow reference for an account which is already borrowed',
  AccountBorrowOutstanding: 'instruction left account with an outstanding borrowed reference',
  DuplicateAccountOutOfSync: 'instruction modifications of multiply-passed account differ',
  InvalidError: 'program returned invalid error code',
  ExecutableDataModified: 'instruction changed executable accounts data',
  ExecutableLamportChange: 'instruction changed the balance of an executable account',
  ExecutableAccountNotRentExempt: 'executable accounts must be rent exempt',
  UnsupportedProgramId: 'Unsupported program id',
  CallDepth: 'Cross-program invocation call depth too deep',
  MissingAccount: 'An account required by the instruction is missing',
  ReentrancyNotAllowed: 'Cross-program invocation reentrancy not allowed for this instruction',
  MaxSeedLengthExceeded: 'Length of the seed is too long for address generation',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  InvalidRealloc: 'Failed to reallocate account data',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramEnvironmentSetupFailure: 'Failed to create program execution environment',
  ProgramFailedToComplete: 'Program failed to complete',
  ProgramFailedToCompile: 'Program failed to compile',
  Immutable: 'Account is immutable',
  IncorrectAuthority: 'Incorrect authority provided',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  UnsupportedSysvar: 'Unsupported sysvar',
  IllegalOwner: 'Provided owner is not allowed',
  MaxAccountsDataAllocationsExceeded: 'Accounts data allocations exceeded the maximum allowed per transaction',
  MaxAccountsExceeded: 'Max accounts exceeded',
  MaxInstructionTraceLengthExceeded: 'Max instruction trace length exceeded',
  BuiltinProgramsMustConsumeComputeUnits: 'Builtin programs must consume compute units',
  BorshIoError: 'Failed to serialize or deserialize account data',
};

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>;

function instructionErrorToJson(err: unknown): TransactionErrorJson {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError';
  if (err !== null && typeof err === 'object') {
    if ('code' in err && typeof err.code === 'number') return { Custom: err.code };
    if ('msg' in err && typeof err.msg === 'string') return { BorshIoError: err.msg };
  }
  return 'GenericError';
}

/** Converts litesvm's error object into the serde JSON that RPC clients (web3.js, kit) understand. */
export function transactionErrorToJson(err: LiteSvmError): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure';
  const name = err.constructor.name;
  if (name === 'TransactionErrorInstructionError' && 'err' in err && typeof err.err === 'function') {
    return { InstructionError: [(err as { index: number }).index, instructionErrorToJson(err.err())] };
  }
  if (name === 'TransactionErrorDuplicateInstruction' && 'index' in err) return { DuplicateInstruction: err.index };
  if (name === 'TransactionErrorInsufficientFundsForRent' && 'accountIndex' in err) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } };
  }
  if (name === 'TransactionErrorProgramExecutionTemporarilyRestricted' && 'accountIndex' in err) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } };
  }
  return 'SanitizeFailure';
}

function describeInstructionError(err: unknown): string {
  if (typeof err === 'string') return INSTRUCTION_ERROR_TEXT[err] ?? err;
  if (err !== null && typeof err === 'object') {
    if ('Custom' in err && typeof err.Custom === 'number') return `custom program error: 0x${err.Custom.toString(16)}`;
    if ('BorshIoError' in err) return INSTRUCTION_ERROR_TEXT.BorshIoError ?? 'BorshIoError';
  }
  return JSON.stringify(err);
}

/** Human text for a transaction error, as agave's Display prints it. */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? err;
  if ('InstructionError' in err && Array.isArray(err.InstructionError)) {
    const [index, inner] = err.InstructionError as [number, unknown];
    return `Error processing Instruction ${index}: ${describeInstructionError(inner)}`;
  }
  if ('DuplicateInstruction' in err) {
    return `Transaction contains a duplicate instruction (${String(err.DuplicateInstruction)}) that is not allowed`;
  }
  const withIndex = (value: unknown): string =>
    value !== null && typeof value === 'object' && 'account_index' in value ? String(value.account_index) : '?';
  if ('InsufficientFundsForRent' in err) {
    return `Transaction results in an account (${withIndex(err.InsufficientFundsForRent)}) with insufficient funds for rent`;
  }
  if ('ProgramExecutionTemporarilyRestricted' in err) {
    return `Execution of the program referenced by account at index ${withIndex(err.ProgramExecutionTemporarilyRestricted)} is temporarily restricted.`;
  }
  return JSON.stringify(err);
}

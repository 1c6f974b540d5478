import type { TokenInspection } from '@jelly/contracts';
import styles from './AdminForm.module.css';

const PROGRAM = { 'spl-token': 'SPL Token', 'token-2022': 'Token-2022' } as const;

/** What the chain says about a mint: decimals, program, authorities, and why it cannot be listed if it cannot. */
export function MintInspectionView({ inspection }: { inspection: TokenInspection }) {
  return (
    <div className={styles.inspection} aria-label="Mint on chain" role="group" data-testid="mint-inspection">
      {inspection.exists ? (
        <>
          <span>
            {inspection.program ? PROGRAM[inspection.program] : 'Unknown program'} · {inspection.decimals ?? '?'} decimals
          </span>
          <span>Mint authority: {inspection.mintAuthority ?? 'none'}</span>
          <span>Freeze authority: {inspection.freezeAuthority ?? 'none'}</span>
          {inspection.transferFee && (
            <span>
              Transfer fee: {inspection.transferFee.basisPoints / 100}% (max {inspection.transferFee.maximumFee})
            </span>
          )}
          {inspection.alreadyListed && <span>Already listed.</span>}
        </>
      ) : (
        <span>No mint at this address on the configured chain.</span>
      )}
      {inspection.warnings.map((warning) => (
        <p key={warning} className={styles.warning}>
          ⚠ {warning}
        </p>
      ))}
      {inspection.refusal && (
        <p className={styles.error} role="alert">
          {inspection.refusal}
        </p>
      )}
    </div>
  );
}

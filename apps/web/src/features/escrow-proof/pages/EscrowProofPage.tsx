import type { EscrowProof } from '@jelly/contracts';
import { fromBaseUnits } from '@jelly/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useEscrowProofQuery } from '../api/escrowProofApi.ts';
import styles from './EscrowProofPage.module.css';

const tokens = (units: string | null, decimals: number) => (units === null ? 'no account' : fromBaseUnits(BigInt(units), decimals));

/** A signed difference in token units, with its sign always shown ("+1.5", "-20"). */
function signed(units: string, decimals: number): string {
  const value = BigInt(units);
  return `${value > 0n ? '+' : value < 0n ? '-' : ''}${fromBaseUnits(value < 0n ? -value : value, decimals)}`;
}

/** /proof-of-escrow: public, read from the chain by the server; anyone can check every figure with any RPC. */
export default function EscrowProofPage() {
  useDocumentTitle('Proof of escrow');
  const { data, isLoading, isError, refetch } = useEscrowProofQuery();
  return (
    <section className={styles.page} aria-labelledby="escrow-proof-heading">
      <h1 id="escrow-proof-heading">Proof of escrow</h1>
      <p className={styles.lead}>
        Every token a deal locks sits in an on-chain escrow vault that only the escrow program can move. This page reads those vaults from
        the chain and sets each balance beside what Jelly’s records say is locked. Any difference is shown here. No wallets or personal data
        are listed.
      </p>
      {isLoading && <p role="status">Reading the chain…</p>}
      {isError && (
        <p role="alert" className={styles.problem}>
          The chain could not be read just now.{' '}
          <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      )}
      {data && <Proof proof={data} />}
    </section>
  );
}

/** The program check in words, naming both hashes when they differ (a reader should not have to compare them). */
function programCheck(program: EscrowProof['program']): string {
  if (program.matches) return 'The deployed program is byte for byte the build of the published source.';
  if (program.deployedSha256 === null) return 'The deployed program could not be read, so it is not shown to be the build of the published source.';
  return `The deployed program differs from the build of the published source: its bytes hash to ${program.deployedSha256}, the source build to ${program.sourceSha256}.`;
}

export function Proof({ proof }: { proof: EscrowProof }) {
  const differences = proof.vaults.filter((vault) => !vault.matches).length;
  return (
    <>
      <p className={proof.reconciled ? styles.ok : styles.problem} data-testid="reconciliation">
        {proof.reconciled
          ? `All ${proof.vaults.length} open vault${proof.vaults.length === 1 ? '' : 's'} hold exactly what the records say.`
          : `${differences} of ${proof.vaults.length} vault${proof.vaults.length === 1 ? '' : 's'} differ from the records; each difference is marked below.`}
      </p>
      <p className={styles.meta}>
        Read from the {proof.cluster} cluster at <time dateTime={proof.readAt}>{proof.readAt.replace('T', ' ').slice(0, 19)} UTC</time>.
      </p>

      <h2>Total locked per token</h2>
      {proof.totals.length === 0 ? (
        <p>Nothing is locked in escrow right now.</p>
      ) : (
        <ul className={styles.totals}>
          {proof.totals.map((total) => (
            <li key={total.mint}>
              <strong>
                {fromBaseUnits(BigInt(total.onChain), total.decimals)} {total.symbol}
              </strong>{' '}
              on chain · {fromBaseUnits(BigInt(total.inDatabase), total.decimals)} {total.symbol} in the records
            </li>
          ))}
        </ul>
      )}

      <h2>Open vaults</h2>
      {proof.vaults.length === 0 ? (
        <p>No vault holds tokens.</p>
      ) : (
        <div className={styles.scroll} role="region" aria-label="Open vaults" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Offer</th>
                <th scope="col">Deals</th>
                <th scope="col">Token</th>
                <th scope="col">On chain</th>
                <th scope="col">In the records</th>
                <th scope="col">Check</th>
                <th scope="col">Vault</th>
              </tr>
            </thead>
            <tbody>
              {proof.vaults.map((vault) => (
                <tr key={vault.offerId} className={vault.matches ? undefined : styles.mismatch}>
                  <td>#{vault.offerId}</td>
                  <td>{vault.dealIds.length === 0 ? '—' : vault.dealIds.map((id) => `#${id}`).join(', ')}</td>
                  <td>{vault.symbol}</td>
                  <td>{tokens(vault.onChain, vault.decimals)}</td>
                  <td>{tokens(vault.inDatabase, vault.decimals)}</td>
                  <td>{vault.matches ? 'Matches' : `Differs by ${signed(vault.difference, vault.decimals)} ${vault.symbol}`}</td>
                  <td>
                    <a href={vault.explorerUrl} target="_blank" rel="noreferrer" className={styles.address}>
                      {vault.vault}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>The escrow program</h2>
      <dl className={styles.program}>
        <dt>Program</dt>
        <dd>
          <a href={proof.program.explorerUrl} target="_blank" rel="noreferrer" className={styles.address}>
            {proof.program.programId}
          </a>
        </dd>
        <dt>Upgrade authority</dt>
        <dd className={styles.address}>{proof.program.upgradeAuthority ?? 'none (immutable)'}</dd>
        <dt>sha256 of the deployed bytes</dt>
        <dd className={styles.address}>{proof.program.deployedSha256 ?? 'unreadable'}</dd>
        <dt>sha256 of the source build</dt>
        <dd className={styles.address}>{proof.program.sourceSha256}</dd>
      </dl>
      <p className={proof.program.matches ? styles.ok : styles.problem} data-testid="program-check">
        {programCheck(proof.program)}
      </p>
      <p className={styles.meta}>
        The source hash is what <code>npm run verify:program -w @jelly/escrow</code> prints after rebuilding the program from its sources;
        the deployed hash is what <code>npm run escrow -- deploy</code> and <code>upgrade</code> print. Both hash the program’s own bytes,
        without the zero padding the loader adds after them.
      </p>
    </>
  );
}

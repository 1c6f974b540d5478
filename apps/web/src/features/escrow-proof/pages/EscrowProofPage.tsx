import type { EscrowProof } from '@jelly/contracts';
import { fromBaseUnits } from '@jelly/domain';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
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
                <th scope="col">Without Jelly from</th>
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
                  <td>{vault.escapeFrom ? (formatLocalDateTime(vault.escapeFrom) ?? vault.escapeFrom) : vault.onChain === null ? '—' : 'Both parties, or a decision'}</td>
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

      <EscapeKit escapeAfterSeconds={proof.escapeAfterSeconds} />

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

/**
 * If Jelly disappears: the deadline after which each owner takes a vault's tokens back alone, and the kit that does it.
 * A download only: the kit runs from the saved file (this origin's Content-Security-Policy refuses its inline script
 * and its connections to any RPC, and a kit that needed our server would not be one).
 */
function EscapeKit({ escapeAfterSeconds }: { escapeAfterSeconds: number | null }) {
  const days = escapeAfterSeconds === null ? null : Math.round((escapeAfterSeconds / 86_400) * 10) / 10;
  return (
    <>
      <h2>If Jelly disappears</h2>
      <p data-testid="escape-kit">
        {days === null ? 'Once the program has its Config, ' : `${days} days after a deal’s or an offer’s last action, `}
        its owner can take the tokens back on chain without Jelly: the seller of a deal the buyer never marked paid, the buyer of a deal the
        seller released, the creator of an idle offer. “Without Jelly from” above is that date for each vault. The escape kit does it
        from your wallet with any Solana RPC, with nothing of Jelly’s running:{' '}
        <a href="/escape.html" download="jelly-escape.html">
          save the escape kit
        </a>{' '}
        and open the saved file in a browser with your wallet.
      </p>
    </>
  );
}

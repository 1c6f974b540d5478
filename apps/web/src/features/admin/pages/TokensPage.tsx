import type { AdminToken } from '@jelly/contracts';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { modalPushed, openConfirmAction } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { resolveFailure } from '../actions/useResolve.ts';
import { useAdminTokensQuery, useUpdateTokenMutation } from '../api/adminTokensApi.ts';
import { AdminError } from '../components/AdminError.tsx';
import styles from '../components/Admin.module.css';
import table from '../components/AdminTable.module.css';

export const FAILED_TO_UPDATE_TOKEN = 'Failed to update token';

/** Tokens: every listed token (disabled ones too), Add Token, verify / unverify, disable / enable. */
export function TokensPage() {
  useDocumentTitle('Admin · Tokens');
  const dispatch = useDispatch<EndpointDispatch>();
  const tokens = useAdminTokensQuery();
  const [update, { isLoading }] = useUpdateTokenMutation();

  const change = async (token: AdminToken, patch: { disabled?: boolean; isVerified?: boolean }, done: string) => {
    try {
      await update({ mint: token.mint, ...patch }).unwrap();
      dispatch(showToast.success(done));
    } catch (error) {
      dispatch(showToast.error(resolveFailure(error, FAILED_TO_UPDATE_TOKEN)));
    }
  };
  const toggleDisabled = (token: AdminToken) =>
    token.disabled
      ? void change(token, { disabled: false }, `${token.symbol} enabled`)
      : dispatch(
          openConfirmAction(
            {
              title: `Disable ${token.symbol}?`,
              description: `${token.symbol} leaves the pickers and the market filters; no new offer can use it. Running deals are not affected.`,
              confirmText: 'Disable',
              variant: 'danger',
            },
            { onConfirm: () => change(token, { disabled: true }, `${token.symbol} disabled`) },
          ),
        );

  return (
    <section className={styles.page}>
      <div className={styles.row}>
        <h1 className={styles.title}>Tokens</h1>
        <Button onClick={() => dispatch(modalPushed('createTokenAdmin', {}))}>Add Token</Button>
      </div>
      {!tokens.data ? (
        tokens.isError ? <AdminError error={tokens.error} onRetry={() => void tokens.refetch()} /> : <PageSpinner />
      ) : (
        <div className={table.scroll}>
          <table className={table.table} aria-label="Tokens">
            <thead>
              <tr>
                <th>Token</th>
                <th>Mint</th>
                <th>Decimals</th>
                <th>Verified</th>
                <th>State</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <tr key={token.mint}>
                  <td>
                    <img src={token.icon} alt="" width={20} height={20} /> {token.symbol} · {token.name}
                  </td>
                  <td className={table.mono}>{token.mint}</td>
                  <td>{token.decimals}</td>
                  <td>{token.isVerified ? 'Yes' : 'No'}</td>
                  <td>{token.disabled ? 'Disabled' : 'Listed'}</td>
                  <td>
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={isLoading}
                      onClick={() => void change(token, { isVerified: !token.isVerified }, `${token.symbol} ${token.isVerified ? 'unverified' : 'verified'}`)}
                    >
                      {token.isVerified ? 'Unverify' : 'Verify'}
                    </Button>{' '}
                    <Button size="small" variant={token.disabled ? 'secondary' : 'danger'} disabled={isLoading} onClick={() => toggleDisabled(token)}>
                      {token.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import type { AdminToken, UpdateTokenRequest } from '@jelly/contracts';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { modalPushed, openConfirmAction } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { refusalText } from '../actions/refusalText.ts';
import { useAdminTokensQuery, useUpdateTokenMutation } from '../api/adminTokensApi.ts';
import { AdminError } from '../components/AdminError.tsx';
import { TokenEditRow, TokenRow } from '../components/TokenRows.tsx';
import styles from '../components/Admin.module.css';
import table from '../components/AdminTable.module.css';

export const FAILED_TO_UPDATE_TOKEN = 'Failed to update token';

/** Tokens: every listed token (disabled ones too), Add Token, verify / unverify, disable / enable. */
export function TokensPage() {
  useDocumentTitle('Admin · Tokens');
  const dispatch = useDispatch<EndpointDispatch>();
  const tokens = useAdminTokensQuery();
  const [update, { isLoading }] = useUpdateTokenMutation();
  const [editing, setEditing] = useState<string | null>(null);

  const change = async (token: AdminToken, patch: UpdateTokenRequest, done: string) => {
    try {
      const result = await update({ mint: token.mint, ...patch }).unwrap();
      dispatch(showToast.success(done));
      for (const warning of result.warnings) dispatch(showToast.info(warning));
      return true;
    } catch (error) {
      dispatch(showToast.error(refusalText(error, FAILED_TO_UPDATE_TOKEN)));
      return false;
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
            { onConfirm: async () => void (await change(token, { disabled: true }, `${token.symbol} disabled`)) },
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
              {tokens.data.map((token) =>
                editing === token.mint ? (
                  <TokenEditRow
                    key={token.mint}
                    token={token}
                    busy={isLoading}
                    onCancel={() => setEditing(null)}
                    onSave={(changes) => void change(token, changes, `${token.symbol} updated`).then((saved) => saved && setEditing(null))}
                  />
                ) : (
                  <TokenRow
                    key={token.mint}
                    token={token}
                    busy={isLoading}
                    onEdit={() => setEditing(token.mint)}
                    onToggleVerified={() => void change(token, { isVerified: !token.isVerified }, `${token.symbol} ${token.isVerified ? 'unverified' : 'verified'}`)}
                    onToggleDisabled={() => toggleDisabled(token)}
                  />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import type { TokenInspection } from '@jelly/contracts';
import { FAILED_TO_CREATE_TOKEN, PROCESSING, TOKEN_CREATED } from '@jelly/domain';
import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { FormModal } from '../../../components/ui/FormModal.tsx';
import { apiErrorMessage } from '../../../lib/api/apiError.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useCreateTokenMutation, useLazyInspectMintQuery } from '../api/adminTokensApi.ts';
import { MintInspectionView } from '../components/MintInspectionView.tsx';
import { checkNewToken, emptyTokenForm, type TokenForm } from '../lib/tokenForm.ts';
import styles from '../components/AdminForm.module.css';

/**
 * Add Token: the mint is read from the chain first (decimals, token program, authorities; a Token-2022 transfer fee
 * is refused), then mint, symbol, name, decimals, Is Verified (on by default), mintDevnet and icon URL; Create lists it.
 */
export function AddTokenModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const [form, setForm] = useState<TokenForm>(emptyTokenForm);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [inspect, inspection] = useLazyInspectMintQuery();
  const [create, { isLoading }] = useCreateTokenMutation();
  const ids = { mint: useId(), symbol: useId(), name: useId(), decimals: useId(), devnet: useId(), icon: useId(), verified: useId() };

  const read: TokenInspection | undefined = inspection.data?.mint === form.mint.trim() ? inspection.data : undefined;
  const check = checkNewToken(form, read);
  const set = (patch: Partial<TokenForm>) => setForm((state) => ({ ...state, ...patch }));

  const readMint = async () => {
    const mint = form.mint.trim();
    if (mint === '') return;
    const result = await inspect(mint).unwrap().catch(() => undefined);
    if (result && result.decimals !== null && form.decimals === '') set({ decimals: String(result.decimals) });
  };

  const submit = async () => {
    setTried(true);
    setServerError(null);
    if (!check.ok) return;
    try {
      const result = await create(check.value).unwrap();
      dispatch(showToast.success(TOKEN_CREATED));
      for (const warning of result.warnings) dispatch(showToast.info(warning));
      onClose();
    } catch (error) {
      setServerError(apiErrorMessage(error, '') || null);
      dispatch(showToast.error(FAILED_TO_CREATE_TOKEN));
    }
  };

  const fieldError = (field: keyof TokenForm) => (tried && !check.ok ? check.fields[field] : undefined);
  const text = (field: 'symbol' | 'name' | 'mintDevnet' | 'icon', id: string, label: string, placeholder?: string) => (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        autoComplete="off"
        placeholder={placeholder}
        value={form[field]}
        aria-invalid={fieldError(field) !== undefined}
        onChange={(event) => set({ [field]: event.target.value })}
      />
      {fieldError(field) && <p className={styles.error}>{fieldError(field)}</p>}
    </div>
  );

  return (
    <FormModal title="Add Token" onClose={onClose} onSubmit={() => void submit()} className={styles.modal} submitLabel="Create" busy={isLoading} submitDisabled={!read || read.refusal !== null}>
      <div className={styles.field}>
        <label htmlFor={ids.mint} className={styles.label}>
          Mint
        </label>
        <div className={styles.row}>
          <input
            id={ids.mint}
            className={styles.input}
            autoComplete="off"
            spellCheck={false}
            value={form.mint}
            aria-invalid={fieldError('mint') !== undefined}
            onChange={(event) => set({ mint: event.target.value })}
            onBlur={() => void readMint()}
          />
          <Button variant="secondary" disabled={form.mint.trim() === '' || inspection.isFetching} onClick={() => void readMint()}>
            {inspection.isFetching ? PROCESSING : 'Check mint'}
          </Button>
        </div>
        {fieldError('mint') && <p className={styles.error}>{fieldError('mint')}</p>}
      </div>
      {read && <MintInspectionView inspection={read} />}
      {inspection.isError && inspection.originalArgs === form.mint.trim() && <p className={styles.error}>The mint could not be read. Check the address and try again.</p>}
      {text('symbol', ids.symbol, 'Symbol', 'e.g. BONK')}
      {text('name', ids.name, 'Name')}
      <div className={styles.field}>
        <label htmlFor={ids.decimals} className={styles.label}>
          Decimals
        </label>
        <input
          id={ids.decimals}
          type="number"
          min={0}
          max={18}
          step={1}
          className={styles.input}
          value={form.decimals}
          aria-invalid={fieldError('decimals') !== undefined}
          onChange={(event) => set({ decimals: event.target.value })}
        />
        {fieldError('decimals') && <p className={styles.error}>{fieldError('decimals')}</p>}
      </div>
      <label className={styles.toggle} htmlFor={ids.verified}>
        <input id={ids.verified} type="checkbox" role="switch" checked={form.isVerified} onChange={(event) => set({ isVerified: event.target.checked })} />
        Is Verified
      </label>
      {text('mintDevnet', ids.devnet, 'mintDevnet', 'Optional')}
      {text('icon', ids.icon, 'Icon URL', 'https://…')}
      {serverError && (
        <p className={styles.error} role="alert">
          {serverError}
        </p>
      )}
    </FormModal>
  );
}

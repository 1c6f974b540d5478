import type { TokenInspection } from '@jelly/contracts';
import { FAILED_TO_CREATE_TOKEN, PROCESSING, TOKEN_CREATED } from '@jelly/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { FormModal } from '../../../components/ui/FormModal.tsx';
import { ApiError, apiErrorFromQuery, apiErrorMessage } from '../../../lib/api/apiError.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useAdminTokensQuery, useCreateTokenMutation, useLazyInspectMintQuery } from '../api/adminTokensApi.ts';
import { MintInspectionView } from '../components/MintInspectionView.tsx';
import { checkNewToken, describeListed, emptyTokenForm, isTokenFormField, lookalikeTokens, verifiedByDefault, type TokenForm } from '../lib/tokenForm.ts';
import styles from '../components/AdminForm.module.css';

type Refusal = { field: keyof TokenForm | null; message: string };

/**
 * Add Token: the mint is read from the chain first (decimals, token program, authorities; a Token-2022 transfer fee
 * is refused), then mint, symbol, name, decimals, Is Verified (on by default only when nobody can mint or freeze the
 * token any more), mintDevnet and an optional icon (a URL,
 * or a built-in icon's path like /api/assets/coins/usdc.svg; a placeholder otherwise); Create lists it. Every refusal,
 * the form's or the server's, shows next to its field, and the first one is scrolled into view. A symbol a listed
 * token's could be taken for is named with that token and its mint, and needs a confirmation and a distinct name.
 */
export function AddTokenModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const [form, setForm] = useState<TokenForm>(emptyTokenForm);
  const [tried, setTried] = useState(0);
  const [serverError, setServerError] = useState<Refusal | null>(null);
  const [inspect, inspection] = useLazyInspectMintQuery();
  const [create, { isLoading }] = useCreateTokenMutation();
  const { data: listed, refetch: refetchListed } = useAdminTokensQuery();
  const ids = { mint: useId(), symbol: useId(), name: useId(), decimals: useId(), devnet: useId(), icon: useId(), verified: useId(), confirm: useId() };
  const body = useRef<HTMLDivElement>(null);

  const read: TokenInspection | undefined = inspection.data?.mint === form.mint.trim() ? inspection.data : undefined;
  const lookalikes = lookalikeTokens(form, listed ?? []);
  const check = checkNewToken(form, read, lookalikes);
  const set = (patch: Partial<TokenForm>) => {
    setForm((state) => ({ ...state, ...patch }));
    // The server's word was about the values it saw; a changed field is asked again on the next Create.
    if (serverError?.field && serverError.field in patch) setServerError(null);
  };

  const fieldError = (field: keyof TokenForm): string | undefined =>
    (tried > 0 && !check.ok ? check.fields[field] : undefined) ?? (serverError?.field === field ? serverError.message : undefined);

  // After each Create that was refused, bring the first refusal into view: the form is longer than a laptop's screen.
  useEffect(() => {
    if (tried === 0) return;
    const first = body.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-refusal]');
    first?.scrollIntoView({ block: 'center' });
    if (first?.matches('input')) first.focus({ preventScroll: true });
  }, [tried, serverError]);

  const readMint = async () => {
    const mint = form.mint.trim();
    if (mint === '') return;
    const result = await inspect(mint).unwrap().catch(() => undefined);
    if (result && result.decimals !== null && form.decimals === '') set({ decimals: String(result.decimals) });
  };

  const submit = async () => {
    setTried((n) => n + 1);
    setServerError(null);
    if (!check.ok) return;
    try {
      const result = await create(check.value).unwrap();
      dispatch(showToast.success(TOKEN_CREATED));
      for (const warning of result.warnings) dispatch(showToast.info(warning));
      onClose();
    } catch (error) {
      const api = apiErrorFromQuery(error);
      const field = api instanceof ApiError ? api.details?.field : undefined;
      setServerError({ field: isTokenFormField(field) ? field : null, message: apiErrorMessage(error, '') || FAILED_TO_CREATE_TOKEN });
      // A look-alike listed since the list was read: read it again so the warning and its confirmation show.
      if (field === 'symbol') void refetchListed();
      dispatch(showToast.error(FAILED_TO_CREATE_TOKEN));
    }
  };

  const refusal = (field: keyof TokenForm) =>
    fieldError(field) && (
      <p className={styles.error} id={`${ids[idKey(field)]}-error`}>
        {fieldError(field)}
      </p>
    );
  const described = (field: keyof TokenForm) => (fieldError(field) ? `${ids[idKey(field)]}-error` : undefined);
  const text = (field: 'symbol' | 'name' | 'mintDevnet' | 'icon', label: string, placeholder?: string, hint?: string) => (
    <div className={styles.field}>
      <label htmlFor={ids[idKey(field)]} className={styles.label}>
        {label}
      </label>
      <input
        id={ids[idKey(field)]}
        className={styles.input}
        autoComplete="off"
        placeholder={placeholder}
        value={form[field]}
        aria-invalid={fieldError(field) !== undefined}
        aria-describedby={described(field)}
        onChange={(event) => set({ [field]: event.target.value })}
      />
      {hint && <p className={styles.hint}>{hint}</p>}
      {refusal(field)}
    </div>
  );

  return (
    <FormModal title="Add Token" onClose={onClose} onSubmit={() => void submit()} className={styles.modal} submitLabel="Create" busy={isLoading} submitDisabled={!read || read.refusal !== null}>
      <div ref={body}>
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
              aria-describedby={described('mint')}
              onChange={(event) => set({ mint: event.target.value })}
              onBlur={() => void readMint()}
            />
            <Button variant="secondary" disabled={form.mint.trim() === '' || inspection.isFetching} onClick={() => void readMint()}>
              {inspection.isFetching ? PROCESSING : 'Check mint'}
            </Button>
          </div>
          {refusal('mint')}
        </div>
        {read && <MintInspectionView inspection={read} />}
        {inspection.isError && inspection.originalArgs === form.mint.trim() && <p className={styles.error}>The mint could not be read. Check the address and try again.</p>}
        {text('symbol', 'Symbol', 'e.g. BONK')}
        {lookalikes.length > 0 && (
          <div className={styles.field} data-testid="lookalike-warning">
            <p className={styles.error}>
              {describeListed(lookalikes)} {lookalikes.length === 1 ? 'is' : 'are'} already listed with a symbol traders could take for this one. Give
              this token a distinct name, and list it beside {lookalikes.length === 1 ? 'it' : 'them'} only if you are sure.
            </p>
            <label className={styles.toggle} htmlFor={ids.confirm}>
              <input id={ids.confirm} type="checkbox" checked={form.confirmLookalikeSymbol} onChange={(event) => set({ confirmLookalikeSymbol: event.target.checked })} />
              List it beside the listed token, under its own name
            </label>
          </div>
        )}
        {text('name', 'Name')}
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
            aria-describedby={described('decimals')}
            onChange={(event) => set({ decimals: event.target.value })}
          />
          {refusal('decimals')}
        </div>
        <label className={styles.toggle} htmlFor={ids.verified}>
          <input
            id={ids.verified}
            type="checkbox"
            role="switch"
            checked={form.isVerified ?? verifiedByDefault(read)}
            onChange={(event) => set({ isVerified: event.target.checked })}
          />
          Is Verified
        </label>
        {text('mintDevnet', 'mintDevnet', 'Optional')}
        {text('icon', 'Icon URL', 'Optional', 'An https image URL, or a built-in icon such as /api/assets/coins/usdc.svg. Left empty, a placeholder is shown.')}
        {serverError && serverError.field === null && (
          <p className={styles.error} role="alert" data-refusal>
            {serverError.message}
          </p>
        )}
      </div>
    </FormModal>
  );
}

function idKey(field: keyof TokenForm): 'mint' | 'symbol' | 'name' | 'decimals' | 'devnet' | 'icon' | 'verified' | 'confirm' {
  if (field === 'mintDevnet') return 'devnet';
  if (field === 'confirmLookalikeSymbol') return 'confirm';
  if (field === 'isVerified') return 'verified';
  return field;
}

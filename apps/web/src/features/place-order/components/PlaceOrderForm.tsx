import type { Coin, Currency, PaymentMethod } from '@jelly/contracts';
import { confusableMints, PROCESSING } from '@jelly/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { tokenLabel } from '../../../lib/reference/tokenLabel.ts';
import type { BalanceState } from '../hooks/useTokenBalance.ts';
import { AudienceSection } from './AudienceSection.tsx';
import type { Catalogue, DraftSectionProps, OrderPicker } from './draftSection.ts';
import { OfferSection } from './OfferSection.tsx';
import { OrderPickers } from './OrderPickers.tsx';
import { PaymentSection } from './PaymentSection.tsx';
import styles from './PlaceOrderForm.module.css';
import { PriceAmountSection } from './PriceAmountSection.tsx';
import { TermsSection } from './TermsSection.tsx';

export interface PlaceOrderFormProps extends DraftSectionProps {
  /** For a Sell offer: the 'Insufficient … balance to sell …' message, when the wallet holds too little. */
  holdingsError: string | null;
  balance: BalanceState;
  coins: Catalogue<Coin>;
  currencies: Catalogue<Currency>;
  paymentMethods: Catalogue<PaymentMethod>;
  /** Number of countries in the catalogue (to tell 'All Countries' apart). */
  countryCount: number;
  /** The market price the floating price follows (fiat per token), null while unknown or unavailable. */
  marketPrice: string | null;
  /** The resulting offer price (fixed, or market × premium). */
  effectivePrice: string | null;
  submitting: boolean;
  onSubmit: () => void;
}

/** /p2p: every field of the place-order draft, one section per concern, and the picker open at the moment. */
export function PlaceOrderForm(props: PlaceOrderFormProps) {
  const { draft, dispatch, errors, submitting } = props;
  const [open, setOpen] = useState<OrderPicker | null>(null);
  const section = { draft, dispatch, errors };
  // the short mint beside the symbol when another listed token could be taken for this one
  const assetLabel = draft.asset ? tokenLabel(draft.asset, confusableMints(props.coins.items)) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Create order">
      <OfferSection {...section} assetLabel={assetLabel} onOpen={setOpen} />
      <PriceAmountSection
        {...section}
        holdingsError={props.holdingsError}
        balance={props.balance}
        marketPrice={props.marketPrice}
        effectivePrice={props.effectivePrice}
      />
      <PaymentSection {...section} onOpenMethods={() => setOpen('methods')} />
      <TermsSection draft={draft} dispatch={dispatch} />
      <AudienceSection draft={draft} dispatch={dispatch} countryCount={props.countryCount} onOpenRegions={() => setOpen('regions')} />

      <div className={styles.submitRow}>
        <Button type="submit" size="large" disabled={submitting} aria-busy={submitting}>
          {submitting ? PROCESSING : 'Create order'}
        </Button>
      </div>

      <OrderPickers
        open={open}
        draft={draft}
        dispatch={dispatch}
        coins={props.coins}
        currencies={props.currencies}
        paymentMethods={props.paymentMethods}
        onClose={() => setOpen(null)}
      />
    </form>
  );
}

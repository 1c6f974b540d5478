import type { Coin, Currency, PaymentMethod } from '@jelly/contracts';
import { AssetPicker } from '../../../components/pickers/AssetPicker.tsx';
import { CountriesModal } from '../../../components/pickers/CountriesModal.tsx';
import { CurrencyPicker } from '../../../components/pickers/CurrencyPicker.tsx';
import { PaymentMethodPicker } from '../../../components/pickers/PaymentMethodPicker.tsx';
import type { Catalogue, DraftSectionProps, OrderPicker } from './draftSection.ts';

interface OrderPickersProps extends Pick<DraftSectionProps, 'draft' | 'dispatch'> {
  /** The picker open now, or null for none. */
  open: OrderPicker | null;
  coins: Catalogue<Coin>;
  currencies: Catalogue<Currency>;
  paymentMethods: Catalogue<PaymentMethod>;
  onClose: () => void;
}

/** The catalogue picker the form has open (asset, currency, payment methods or regions), writing into the draft. */
export function OrderPickers({ open, draft, dispatch, coins, currencies, paymentMethods, onClose }: OrderPickersProps) {
  switch (open) {
    case 'asset':
      return (
        <AssetPicker
          coins={coins.items}
          loading={coins.loading}
          error={coins.error}
          selectedMint={draft.asset?.mint ?? null}
          onSelect={(asset) => dispatch({ type: 'asset', asset })}
          onClose={onClose}
        />
      );
    case 'fiat':
      return (
        <CurrencyPicker
          currencies={currencies.items}
          loading={currencies.loading}
          error={currencies.error}
          selectedCode={draft.fiat?.code ?? null}
          onSelect={(fiat) => dispatch({ type: 'fiat', fiat })}
          onClose={onClose}
        />
      );
    case 'methods':
      return (
        <PaymentMethodPicker
          methods={paymentMethods.items}
          loading={paymentMethods.loading}
          error={paymentMethods.error}
          selected={draft.paymentMethods}
          onChange={(methods) => dispatch({ type: 'paymentMethods', methods })}
          onClose={onClose}
        />
      );
    case 'regions':
      return <CountriesModal selected={draft.regions} onChange={(codes) => dispatch({ type: 'regions', codes })} onClose={onClose} />;
    case null:
      return null;
  }
}

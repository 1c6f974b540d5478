import { OfferSide } from '@jelly/domain';
import { PickerIcon } from '../../../components/pickers/PickerIcon.tsx';
import type { DraftSectionProps, OrderPicker } from './draftSection.ts';
import { PickerField } from './PickerField.tsx';
import styles from './PlaceOrderForm.module.css';

/** The offer's side (Buy or Sell), asset and currency. */
export function OfferSection({
  draft,
  dispatch,
  errors,
  assetLabel,
  onOpen,
}: DraftSectionProps & { assetLabel: string | null; onOpen: (picker: OrderPicker) => void }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Offer</legend>
      <div className={styles.toggle} role="group" aria-label="Order type">
        {[OfferSide.Buy, OfferSide.Sell].map((side) => (
          <button
            key={side}
            type="button"
            aria-pressed={draft.side === side}
            className={`${styles.toggleButton} ${draft.side === side ? styles.toggleActive : ''}`}
            onClick={() => dispatch({ type: 'side', side })}
          >
            {side === OfferSide.Buy ? 'Buy' : 'Sell'}
          </button>
        ))}
      </div>
      <p className={styles.hint}>
        {draft.side === OfferSide.Buy
          ? 'You pay fiat; the seller who takes your offer locks the crypto in escrow.'
          : 'You sell crypto; you lock it in escrow when a buyer takes your offer.'}
      </p>

      <div className={styles.grid}>
        <PickerField
          label="Asset"
          value={
            draft.asset ? (
              <>
                <PickerIcon src={draft.asset.icon} label={draft.asset.symbol} size={20} /> {assetLabel}
              </>
            ) : (
              'Select asset'
            )
          }
          error={errors.asset}
          onOpen={() => onOpen('asset')}
        />
        <PickerField
          label="Currency"
          value={
            draft.fiat ? (
              <>
                <PickerIcon src={draft.fiat.icon} label={draft.fiat.code} size={20} /> {draft.fiat.code}
              </>
            ) : (
              'Select currency'
            )
          }
          error={errors.fiat}
          onOpen={() => onOpen('fiat')}
        />
      </div>
    </fieldset>
  );
}

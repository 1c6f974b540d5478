import type { Currency } from '@jelly/contracts';
import { matchesSearch } from '@jelly/domain';
import { ListPickerModal } from './ListPickerModal.tsx';

export interface CurrencyPickerProps {
  currencies: readonly Currency[];
  loading?: boolean;
  error?: string | null;
  /** Code of the current choice. */
  selectedCode: string | null;
  onSelect: (currency: Currency) => void;
  onClose: () => void;
}

const toEntry = (currency: Currency) => ({ key: currency.code, label: currency.code, detail: currency.name, icon: currency.icon });
const matches = (currency: Currency, query: string) => matchesSearch(query, currency.code, currency.name);

/** Fiat currency picker (modal kind selectFiat): search by code or name; picking one closes it. */
export function CurrencyPicker({ currencies, loading, error, selectedCode, onSelect, onClose }: CurrencyPickerProps) {
  return (
    <ListPickerModal
      title="Select currency"
      searchLabel="Search currency by code or name"
      items={currencies}
      toEntry={toEntry}
      matches={matches}
      selectedKeys={selectedCode ? [selectedCode] : []}
      loading={loading}
      error={error}
      onPick={(currency) => {
        onSelect(currency);
        onClose();
      }}
      onClose={onClose}
    />
  );
}

import type { PaymentMethod } from '@jelly/contracts';
import { MAX_PAYMENT_METHODS, matchesSearch, PAYMENT_METHODS_LIMIT_LABEL, togglePaymentMethod } from '@jelly/domain';
import { Button } from '../ui/Button.tsx';
import { ListPickerModal } from './ListPickerModal.tsx';

export interface PaymentMethodPickerProps {
  methods: readonly PaymentMethod[];
  loading?: boolean;
  error?: string | null;
  selected: readonly PaymentMethod[];
  /** Called with the new selection on every toggle; a sixth method is ignored (the selection comes back unchanged). */
  onChange: (selected: readonly PaymentMethod[]) => void;
  onClose: () => void;
}

const toEntry = (method: PaymentMethod) => ({ key: method.id, label: method.name });
const matches = (method: PaymentMethod, query: string) => matchesSearch(query, method.name, method.id);

/** Payment-method picker (modal kind paymentMethods): search, infinite scroll, at most 5 selected. */
export function PaymentMethodPicker({ methods, loading, error, selected, onChange, onClose }: PaymentMethodPickerProps) {
  return (
    <ListPickerModal
      title="Payment methods"
      note={
        <>
          {PAYMENT_METHODS_LIMIT_LABEL}{' '}
          <span aria-live="polite">
            {selected.length}/{MAX_PAYMENT_METHODS} selected
          </span>
        </>
      }
      searchLabel="Search payment method"
      items={methods}
      toEntry={toEntry}
      matches={matches}
      multiselect
      selectedKeys={selected.map((m) => m.id)}
      loading={loading}
      error={error}
      onPick={(method) => {
        const next = togglePaymentMethod(selected, method);
        if (next !== selected) onChange(next);
      }}
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    />
  );
}

import { NO_OPTIONS } from '@jelly/domain';
import { ListPickerModal } from '../../../components/pickers/ListPickerModal.tsx';
import type { JellyCoin } from '../api/contract.ts';
import { coinKey, coinMatches, type CoinRef } from '../model/coins.ts';

export interface ChainCoinPickerProps {
  title: string;
  coins: readonly JellyCoin[];
  loading: boolean;
  error?: string | null;
  selected: CoinRef | null;
  onSelect: (coin: JellyCoin) => void;
  onClose: () => void;
}

/**
 * The currency-and-chain picker: search on code, name or chain; 'Loading…' while the list loads, 'No options' when
 * the desk lists none, 10 entries first and 10 more near the end, and a default icon for a coin without one.
 */
export function ChainCoinPicker({ title, coins, loading, error, selected, onSelect, onClose }: ChainCoinPickerProps) {
  return (
    <ListPickerModal
      title={title}
      items={coins}
      toEntry={(coin) => ({ key: coinKey(coin), label: coin.currency, detail: `${coin.name} · ${coin.chain}`, icon: coin.iconSrc })}
      matches={coinMatches}
      selectedKeys={selected ? [coinKey(selected)] : []}
      onPick={(coin) => {
        onSelect(coin);
        onClose();
      }}
      onClose={onClose}
      loading={loading}
      error={error}
      searchLabel="Search coin or chain"
      emptyText={NO_OPTIONS}
    />
  );
}

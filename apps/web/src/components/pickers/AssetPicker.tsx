import type { Coin } from '@jelly/contracts';
import { matchesSearch } from '@jelly/domain';
import { ListPickerModal } from './ListPickerModal.tsx';

export interface AssetPickerProps {
  coins: readonly Coin[];
  loading?: boolean;
  error?: string | null;
  /** Mint of the current choice. */
  selectedMint: string | null;
  onSelect: (coin: Coin) => void;
  onClose: () => void;
}

const toEntry = (coin: Coin) => ({ key: coin.mint, label: coin.symbol, detail: coin.name, icon: coin.icon });
const matches = (coin: Coin, query: string) => matchesSearch(query, coin.symbol, coin.name);

/** Asset picker (modal kind selectCrypto): search by symbol or name; picking one closes it. */
export function AssetPicker({ coins, loading, error, selectedMint, onSelect, onClose }: AssetPickerProps) {
  return (
    <ListPickerModal
      title="Select asset"
      searchLabel="Search asset by symbol or name"
      items={coins}
      toEntry={toEntry}
      matches={matches}
      selectedKeys={selectedMint ? [selectedMint] : []}
      loading={loading}
      error={error}
      onPick={(coin) => {
        onSelect(coin);
        onClose();
      }}
      onClose={onClose}
    />
  );
}

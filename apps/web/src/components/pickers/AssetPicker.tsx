import type { Coin } from '@jelly/contracts';
import { confusableMints, matchesSearch } from '@jelly/domain';
import { useMemo } from 'react';
import { tokenLabel } from '../../lib/reference/tokenLabel.ts';
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

const matches = (coin: Coin, query: string) => matchesSearch(query, coin.symbol, coin.name);

/** Asset picker (modal kind selectCrypto): search by symbol or name; picking one closes it. Look-alikes show their mint. */
export function AssetPicker({ coins, loading, error, selectedMint, onSelect, onClose }: AssetPickerProps) {
  const confusable = useMemo(() => confusableMints(coins), [coins]);
  const toEntry = (coin: Coin) => ({ key: coin.mint, label: tokenLabel(coin, confusable), detail: coin.name, icon: coin.icon });
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

import { SWAP_ASSETS } from '@jelly/contracts';
import { SWAP_STATUSES, swapStatusLabel } from '@jelly/domain';
import { useDispatch, useSelector } from 'react-redux';
import { HistoryFilters, type HistoryFilterValues } from '../../../components/filters/HistoryFilters.tsx';
import { selectSwapFilters, swapFiltersChanged, type AssetChoice, type StatusChoice, type SwapFilters as Filters } from '../state/swapSlice.ts';

const ASSETS = ['All', ...SWAP_ASSETS];
const STATUSES = [
  { value: 'All', label: 'All' },
  ...SWAP_STATUSES.map((status) => ({ value: String(status), label: swapStatusLabel(status) })),
];

/** The bar's change as a change of the swap filters (the range picker sends both dates, the start never after the end). */
function swapPatch(filters: Filters, patch: Partial<HistoryFilterValues>): Partial<Filters> {
  if (patch.asset !== undefined) return { currentCoin: patch.asset as AssetChoice };
  if (patch.status !== undefined) return { status: patch.status === 'All' ? 'All' : (Number(patch.status) as StatusChoice) };
  if (patch.from !== undefined || patch.to !== undefined) {
    return { from: patch.from === undefined ? filters.from : patch.from || null, to: patch.to === undefined ? filters.to : patch.to || null };
  }
  return { searchWallet: patch.search ?? filters.searchWallet };
}

/** Asset Type, Status, Date range and Search wallet of the swap history; every change applies at once, from page 1. */
export function SwapFilters({ stacked = false }: { stacked?: boolean }) {
  const dispatch = useDispatch();
  const filters = useSelector(selectSwapFilters);
  const values = { asset: filters.currentCoin, status: String(filters.status), from: filters.from ?? '', to: filters.to ?? '', search: filters.searchWallet };
  return (
    <HistoryFilters
      label="Swap filters"
      assets={ASSETS}
      statuses={STATUSES}
      values={values}
      onChange={(patch) => dispatch(swapFiltersChanged(swapPatch(filters, patch)))}
      searchPlaceholder="Wallet or txID"
      stacked={stacked}
      onClearDates={() => dispatch(swapFiltersChanged({ from: null, to: null }))}
    />
  );
}

import { isValidDateRange, START_DATE_AFTER_END, SWAP_STATUS_FILTERS, type SwapStatusFilter } from '@jelly/domain';
import { useDispatch, useSelector } from 'react-redux';
import { HistoryFilters, type HistoryFilterValues } from '../../../components/filters/HistoryFilters.tsx';
import { jellyFiltersChanged, JELLY_ASSETS, selectJellyList, type JellyAsset, type JellyFilters as Filters, type JellyListKey } from '../state/coinJellySlice.ts';

const STATUSES = SWAP_STATUS_FILTERS.map((status) => ({ value: status, label: status }));

/** The bar's change as a change of a Coin Jelly list's filters. */
function jellyPatch(patch: Partial<HistoryFilterValues>): Partial<Filters> {
  const change: Partial<Filters> = {};
  if (patch.asset !== undefined) change.asset = patch.asset as JellyAsset;
  if (patch.status !== undefined) change.status = patch.status as SwapStatusFilter;
  if (patch.from !== undefined) change.dateFrom = patch.from;
  if (patch.to !== undefined) change.dateTo = patch.to;
  if (patch.search !== undefined) change.searchWallet = patch.search;
  return change;
}

/** Asset Type, Status, Date range and Search wallet of a Coin Jelly list; each change applies at once from page 1. */
export function JellyFilters({ list, stacked = false }: { list: JellyListKey; stacked?: boolean }) {
  const dispatch = useDispatch();
  const filters = useSelector(selectJellyList(list));
  const rangeOk = isValidDateRange(filters.dateFrom || null, filters.dateTo || null);
  const values = { asset: filters.asset, status: filters.status, from: filters.dateFrom, to: filters.dateTo, search: filters.searchWallet };
  return (
    <HistoryFilters
      label="Coin Jelly filters"
      assets={JELLY_ASSETS}
      statuses={STATUSES}
      values={values}
      onChange={(patch) => dispatch(jellyFiltersChanged({ list, change: jellyPatch(patch) }))}
      searchPlaceholder="Wallet address"
      stacked={stacked}
      dateError={rangeOk ? null : START_DATE_AFTER_END}
    />
  );
}

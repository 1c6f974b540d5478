import { useDispatch } from 'react-redux';
import { FilterModal } from '../../../components/filters/FilterModal.tsx';
import { swapFiltersReset } from '../state/swapSlice.ts';
import { SwapFilters } from './SwapFilters.tsx';

/** Phones: the swap history's filters in a modal (kind filterSwap), so the list stays above the fold. */
export function FilterSwapModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  return (
    <FilterModal title="Filter swaps" onReset={() => dispatch(swapFiltersReset())} onClose={onClose}>
      <SwapFilters stacked />
    </FilterModal>
  );
}

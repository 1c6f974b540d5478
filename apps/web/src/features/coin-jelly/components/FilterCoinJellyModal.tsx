import { useDispatch } from 'react-redux';
import { FilterModal } from '../../../components/filters/FilterModal.tsx';
import { jellyFiltersReset, type JellyListKey } from '../state/coinJellySlice.ts';
import { JellyFilters } from './JellyFilters.tsx';

/** Phones: a Coin Jelly list's filters in a modal (kind filterCoinJelly), so the list stays above the fold. */
export function FilterCoinJellyModal({ list, onClose }: { list: JellyListKey; onClose: () => void }) {
  const dispatch = useDispatch();
  return (
    <FilterModal title="Filter Coin Jelly" onReset={() => dispatch(jellyFiltersReset(list))} onClose={onClose}>
      <JellyFilters list={list} stacked />
    </FilterModal>
  );
}

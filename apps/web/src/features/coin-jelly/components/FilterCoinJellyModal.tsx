import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { jellyFiltersReset, type JellyListKey } from '../state/coinJellySlice.ts';
import styles from './CoinJelly.module.css';
import { JellyFilters } from './JellyFilters.tsx';

/** Phones: a Coin Jelly list's filters in a modal (kind filterCoinJelly), so the list stays above the fold. */
export function FilterCoinJellyModal({ list, onClose }: { list: JellyListKey; onClose: () => void }) {
  const dispatch = useDispatch();
  return (
    <Modal title="Filter Coin Jelly" onClose={onClose}>
      <JellyFilters list={list} stacked />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => dispatch(jellyFiltersReset(list))}>
          Reset
        </Button>
        <Button onClick={onClose}>Show results</Button>
      </div>
    </Modal>
  );
}

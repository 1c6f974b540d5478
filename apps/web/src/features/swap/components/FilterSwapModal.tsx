import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { swapFiltersReset } from '../state/swapSlice.ts';
import styles from './Swap.module.css';
import { SwapFilters } from './SwapFilters.tsx';

/** Phones: the swap history's filters in a modal (kind filterSwap), so the list stays above the fold. */
export function FilterSwapModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  return (
    <Modal title="Filter swaps" onClose={onClose}>
      <SwapFilters stacked />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => dispatch(swapFiltersReset())}>
          Reset
        </Button>
        <Button onClick={onClose}>Show results</Button>
      </div>
    </Modal>
  );
}

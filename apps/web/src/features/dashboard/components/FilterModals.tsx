import { useDispatch, useSelector } from 'react-redux';
import { FilterModal } from '../../../components/filters/FilterModal.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { adFiltersApplied, orderFiltersReset, selectDashboard } from '../state/dashboardSlice.ts';
import { AdFilterForm } from './AdFilters.tsx';
import { OrderFilters } from './OrderFilters.tsx';

/** Phones: the order history's filters in a modal (kind filterOrders), so the list stays above the fold. */
export function OrderFiltersModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  return (
    <FilterModal title="Filter orders" onReset={() => dispatch(orderFiltersReset())} onClose={onClose}>
      <OrderFilters stacked />
    </FilterModal>
  );
}

/** Phones: the ad history's filter block in a modal (kind filterAds); Filter and Reset apply and close it. */
export function AdFiltersModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const { adFilters } = useSelector(selectDashboard);
  return (
    <Modal title="Filter ads" onClose={onClose}>
      <AdFilterForm
        stacked
        applied={adFilters}
        onApply={(filters) => {
          dispatch(adFiltersApplied(filters));
          onClose();
        }}
      />
    </Modal>
  );
}

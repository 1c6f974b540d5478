import { useDispatch, useSelector } from 'react-redux';
import { DateRangeDialog } from '../../../components/dates/DateRangeDialog.tsx';
import { orderFiltersChanged, selectOrderFilters } from '../state/dashboardSlice.ts';

/** The order history's date range (modal kind myAccountFilter): the app's range picker on the dashboard's filters. */
export function DateRangeModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const filters = useSelector(selectOrderFilters);
  return <DateRangeDialog from={filters.from} to={filters.to} onApply={(range) => dispatch(orderFiltersChanged(range))} onClose={onClose} />;
}

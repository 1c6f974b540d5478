export { AssetPicker, type AssetPickerProps } from './AssetPicker.tsx';
export { CurrencyPicker, type CurrencyPickerProps } from './CurrencyPicker.tsx';
export { PaymentMethodPicker, type PaymentMethodPickerProps } from './PaymentMethodPicker.tsx';
export { CountriesModal, CountriesModalView, type CountriesModalProps } from './CountriesModal.tsx';
export { ListPickerModal, type ListPickerModalProps, type PickerEntry } from './ListPickerModal.tsx';
export { PickerIcon, DefaultIcon } from './PickerIcon.tsx';
export { useCountriesQuery } from './countriesApi.ts';
export { useIncrementalCount, nearEnd } from './useIncrementalCount.ts';

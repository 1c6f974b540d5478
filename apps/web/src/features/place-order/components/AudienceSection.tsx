import { ALL_COUNTRIES } from '@jelly/domain';
import type { DraftSectionProps } from './draftSection.ts';
import { PickerField } from './PickerField.tsx';
import styles from './PlaceOrderForm.module.css';
import { TextField } from './TextField.tsx';

interface AudienceSectionProps extends Pick<DraftSectionProps, 'draft' | 'dispatch'> {
  /** Number of countries in the catalogue (to tell 'All Countries' apart). */
  countryCount: number;
  onOpenRegions: () => void;
}

/** Who can take the offer: the regions and the counterparty's minimum account age. */
export function AudienceSection({ draft, dispatch, countryCount, onOpenRegions }: AudienceSectionProps) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Who can take it</legend>
      <PickerField label="Regions" value={regionsLabel(draft.regions.length, countryCount)} onOpen={onOpenRegions} />
      <TextField
        label="Minimum account age (days)"
        inputMode="numeric"
        value={draft.counterParty.minAccountAgeDays}
        hint="Counterparties whose account is younger cannot take this offer."
        onChange={(value) => dispatch({ type: 'minAccountAgeDays', value })}
      />
    </fieldset>
  );
}

function regionsLabel(selected: number, all: number): string {
  if (selected === 0 || (all > 0 && selected >= all)) return ALL_COUNTRIES;
  return `${selected} ${selected === 1 ? 'country' : 'countries'}`;
}

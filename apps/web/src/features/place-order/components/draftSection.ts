import type { Dispatch } from 'react';
import type { DraftAction, DraftErrors, PlaceOrderDraft } from '../state/draft.ts';

/** What every section of the place-order form reads and writes: the draft, its reducer and the errors shown. */
export interface DraftSectionProps {
  draft: PlaceOrderDraft;
  dispatch: Dispatch<DraftAction>;
  /** Shown once the user tried to submit (the rules are the same as the server's). */
  errors: DraftErrors;
}

/** The catalogue pickers the form opens, one at a time. */
export type OrderPicker = 'asset' | 'fiat' | 'methods' | 'regions';

/** A catalogue the form picks from, as its query left it. */
export interface Catalogue<T> {
  items: readonly T[];
  loading: boolean;
  error: string | null;
}

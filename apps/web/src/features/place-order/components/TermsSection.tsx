import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import type { DraftSectionProps } from './draftSection.ts';
import styles from './PlaceOrderForm.module.css';
import { TextField } from './TextField.tsx';

/** Tags (typed one at a time, added with Enter, a comma or the button), the description and the auto reply. */
export function TermsSection({ draft, dispatch }: Pick<DraftSectionProps, 'draft' | 'dispatch'>) {
  const [tagText, setTagText] = useState('');
  const tagsId = useId();
  const addTag = () => {
    dispatch({ type: 'addTag', tag: tagText });
    setTagText('');
  };
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Terms</legend>
      <div className={styles.field}>
        <label htmlFor={tagsId} className={styles.label}>
          Tags
        </label>
        <div className={styles.inputRow}>
          <input
            id={tagsId}
            className={styles.input}
            value={tagText}
            placeholder="e.g. fast release"
            maxLength={32}
            onChange={(event) => setTagText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ',') {
                event.preventDefault();
                addTag();
              }
            }}
          />
          <Button variant="secondary" size="small" onClick={addTag} disabled={!tagText.trim()}>
            Add tag
          </Button>
        </div>
        {draft.tags.length > 0 && (
          <ul className={styles.chips} aria-label="Tags">
            {draft.tags.map((tag) => (
              <li key={tag}>
                {tag}
                <button type="button" aria-label={`Remove tag ${tag}`} onClick={() => dispatch({ type: 'removeTag', tag })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TextField label="Description" multiline value={draft.description} maxLength={2000} onChange={(value) => dispatch({ type: 'description', value })} />
      <TextField
        label="Auto reply"
        multiline
        value={draft.autoReply}
        maxLength={500}
        hint="Sent in the deal chat when someone takes your offer."
        onChange={(value) => dispatch({ type: 'autoReply', value })}
      />
    </fieldset>
  );
}

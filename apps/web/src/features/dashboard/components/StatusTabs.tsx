import { DASHBOARD_TABS, type DashboardTab } from '@jelly/domain';
import { useRef, type KeyboardEvent } from 'react';
import styles from './Dashboard.module.css';

/** All / Processing / Completed / Cancelled as a tab list: arrow keys, Home and End move between the tabs. */
export function StatusTabs({ value, onChange, controls }: { value: DashboardTab; onChange: (tab: DashboardTab) => void; controls: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = DASHBOARD_TABS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = DASHBOARD_TABS[next];
    if (!tab) return;
    onChange(tab);
    refs.current[next]?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label="Order status">
      {DASHBOARD_TABS.map((tab, index) => (
        <button
          key={tab}
          ref={(node) => {
            refs.current[index] = node;
          }}
          type="button"
          role="tab"
          aria-selected={tab === value}
          aria-controls={controls}
          tabIndex={tab === value ? 0 : -1}
          className={`${styles.tab} ${tab === value ? styles.tabActive : ''}`}
          onClick={() => onChange(tab)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}

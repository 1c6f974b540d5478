import { useId, useRef, useState } from 'react';
import { ChatIcon, MailIcon } from '../../components/ui/icons.tsx';
import { useDismissable } from '../../components/ui/useDismissable.ts';
import styles from './SupportWidget.module.css';

export interface SupportWidgetProps {
  supportChatUrl: string | null;
  supportEmail: string | null;
}

/** 'Contact Support' in the footer on wide screens (hidden up to 767px): a chat link in a new tab and an e-mail link, in a panel that opens upwards. */
export function SupportWidget({ supportChatUrl, supportEmail }: SupportWidgetProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismissable(open, rootRef, triggerRef, () => setOpen(false));

  if (!supportChatUrl && !supportEmail) return null;
  return (
    <div ref={rootRef} className={styles.widget}>
      {open && (
        <section id={panelId} className={styles.panel} aria-label="Contact Support">
          <h2 className={styles.heading}>Need a hand?</h2>
          <p className={styles.note}>Support is available 24/7.</p>
          {supportChatUrl && (
            <a className={styles.option} href={supportChatUrl} target="_blank" rel="noopener noreferrer">
              <ChatIcon />
              <span className={styles.optionText}>
                <span>Chat with support</span>
                <span className={styles.optionHint}>Opens in a new tab</span>
              </span>
            </a>
          )}
          {supportEmail && (
            <a className={styles.option} href={`mailto:${supportEmail}`}>
              <MailIcon />
              <span className={styles.optionText}>
                <span>E-mail us</span>
                <span className={styles.optionHint}>{supportEmail}</span>
              </span>
            </a>
          )}
        </section>
      )}
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <ChatIcon />
        Contact Support
      </button>
    </div>
  );
}

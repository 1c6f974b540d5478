import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../lib/ui/constants.ts';
import { CheckIcon, CopyIcon } from './icons.tsx';
import styles from './CopyButton.module.css';

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** The button's accessible name, e.g. 'Copy wallet address'. */
  label: string;
}

/** Copies `value`; a check mark replaces the copy icon for a second. A refused clipboard leaves the icon as it was. */
export function CopyButton({ value, label }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <button type="button" className={styles.copy} aria-label={copied ? 'Copied' : label} title={label} onClick={() => void copy()}>
      {copied ? <CheckIcon width={18} height={18} /> : <CopyIcon width={18} height={18} />}
    </button>
  );
}

import { useState } from 'react';
import styles from './pickers.module.css';

/** The icon shown when an entry has none or its image fails to load: a neutral coin with the first letter. */
export function DefaultIcon({ label, size = 24 }: { label: string; size?: number }) {
  return (
    <span className={styles.defaultIcon} style={{ width: size, height: size }} data-testid="default-icon" aria-hidden="true">
      {label.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** An entry's icon (decorative: the name is always written beside it), falling back to the default icon. */
export function PickerIcon({ src, label, size = 24 }: { src: string | null | undefined; label: string; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <DefaultIcon label={label} size={size} />;
  return (
    <img
      className={styles.icon}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailedSrc(src)}
    />
  );
}

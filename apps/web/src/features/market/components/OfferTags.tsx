import styles from './OfferTags.module.css';

/** The tags the creator gave the offer on /p2p ('fast release', 'no third-party payments'…); nothing without any. */
export function OfferTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

import { PAGE_INTROS, type PageIntroName } from '../../lib/ui/pageIntros.ts';
import styles from './PageIntro.module.css';

export interface PageIntroProps {
  page: PageIntroName;
  /** The title as the screen shows it, when it says more than the first paint can (e.g. the deal's number). */
  title?: string;
}

/** A main screen's title and lead, as the first paint draws them before the app runs. */
export function PageIntro({ page, title }: PageIntroProps) {
  const intro = PAGE_INTROS[page];
  return (
    <div className={styles.intro}>
      <h1 className={styles.title}>{title ?? intro.title}</h1>
      <p className={styles.lead}>{intro.lead}</p>
    </div>
  );
}

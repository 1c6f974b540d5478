import { PAGE_INTROS, type PageIntroName } from '../../lib/ui/pageIntros.ts';
import styles from './PageIntro.module.css';

export interface PageIntroProps {
  page: PageIntroName;
}

/** A main screen's title and lead, as the first paint draws them before the app runs. */
export function PageIntro({ page }: PageIntroProps) {
  const intro = PAGE_INTROS[page];
  return (
    <div className={styles.intro}>
      <h1 className={styles.title}>{intro.title}</h1>
      <p className={styles.lead}>{intro.lead}</p>
    </div>
  );
}

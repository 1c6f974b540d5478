import { PAGE_INTROS, type PageIntroName } from '../../lib/ui/pageIntros.ts';
import styles from './PageIntro.module.css';

export interface PageIntroProps {
  page: PageIntroName;
  /** False where the screen's own heading follows (the deal's): the title is then drawn as text, not a heading. */
  heading?: boolean;
}

/** A main screen's title and lead, as the first paint draws them before the app runs. */
export function PageIntro({ page, heading = true }: PageIntroProps) {
  const intro = PAGE_INTROS[page];
  const Title = heading ? 'h1' : 'p';
  return (
    <div className={styles.intro}>
      <Title className={styles.title}>{intro.title}</Title>
      <p className={styles.lead}>{intro.lead}</p>
    </div>
  );
}

import { FOOTER_TIME_ZONE, FOOTER_VOLUME_TEXT } from '../../lib/ui/constants.ts';
import { footerClockZone, formatFooterClock } from '../../lib/time/nicosiaClock.ts';
import { useNow } from '../../lib/time/useNow.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './Footer.module.css';
import { pagePaths } from '@jelly/contracts';

/** `support`: the Contact Support button, kept in the footer's flow so it never covers the page. */
export function Footer({ support }: { support?: ReactNode }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <span>© {new Date().getFullYear()} Jelly. All rights reserved.</span>
        <Link to={pagePaths.escrowProof} className={styles.link}>
          Proof of escrow
        </Link>
        <div className={styles.meta}>
          <FooterClock />
          {/* A fixed marketing figure, not a live one. */}
          <span className={styles.volume}>{FOOTER_VOLUME_TEXT}</span>
          {support}
        </div>
      </div>
    </footer>
  );
}

function FooterClock() {
  const now = useNow(1000);
  const text = formatFooterClock(now);
  return (
    <span className={styles.clockWrap}>
      <time className={styles.clock} data-testid="footer-clock" dateTime={now.toISOString()} title={`Time in ${FOOTER_TIME_ZONE}`}>
        {text}
      </time>
      <span className={styles.zone} data-testid="footer-clock-zone">
        {footerClockZone(now)}
      </span>
    </span>
  );
}

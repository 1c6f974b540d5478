import { shortenWallet } from '@jelly/domain';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { ADMIN_SECTIONS } from './adminNav.ts';
import styles from './AdminShell.module.css';
import { adminPagePaths, pagePaths } from '@jelly/contracts';

export interface AdminShellProps {
  wallet: string | null;
  onDisconnect?: () => void;
  children: ReactNode;
}

/**
 * The admin area's own frame (no app header or footer): a side navigation that folds into a Menu button on
 * narrow screens, the admin wallet, and the section's page.
 */
export function AdminShell({ wallet, onDisconnect, children }: AdminShellProps) {
  const location = useLocation();
  // The folded menu stays open on the page it was opened on: choosing a section closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;

  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <Link to={adminPagePaths.home} className={styles.brand}>
          Jelly Admin
        </Link>
        <Button
          variant="ghost"
          size="small"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpenOn(open ? null : location.pathname)}
        >
          Menu
        </Button>
        <div className={styles.account}>
          {wallet && (
            <span className={styles.wallet} title={wallet}>
              {shortenWallet(wallet)}
            </span>
          )}
          {onDisconnect && (
            <Button variant="secondary" size="small" onClick={onDisconnect}>
              Disconnect
            </Button>
          )}
        </div>
      </header>
      <nav id="admin-nav" aria-label="Admin" className={open ? `${styles.nav} ${styles.navOpen}` : styles.nav}>
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={adminPagePaths.section(section.path)} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                {section.label}
              </NavLink>
            </li>
          ))}
          <li className={styles.leave}>
            <Link to={pagePaths.home}>Back to Jelly</Link>
          </li>
        </ul>
      </nav>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}

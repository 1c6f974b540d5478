import type { ComponentType, ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { AccountMenu, type TelegramItemProps } from './AccountMenu.tsx';
import styles from './Header.module.css';
import { LogoMark } from './Logo.tsx';
import { SoundToggle } from './SoundToggle.tsx';
import { pagePaths } from '@jelly/contracts';

const NAV = [
  { to: pagePaths.market, label: 'Buy Crypto' },
  { to: pagePaths.swap, label: 'Swap' },
  { to: pagePaths.coinJelly, label: 'Coin Jelly' },
] as const;

export interface HeaderProps {
  /** The signed-in wallet, or null when signed out. */
  wallet: string | null;
  onConnectWallet: () => void;
  onDisconnect: () => void;
  /** The notification bell (notifications feature); hidden on small screens. */
  bell?: ReactNode;
  /** The account menu's Connect Telegram item (notifications feature). */
  TelegramItem?: ComponentType<TelegramItemProps>;
}

/** The app header (77px): logo, top navigation, sound toggle, Connect Wallet or the account area. */
export function Header({ wallet, onConnectWallet, onDisconnect, bell, TelegramItem }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label="Jelly home">
          <LogoMark className={styles.logoMark} />
          <span>Jelly</span>
        </Link>
        <nav className={styles.nav} aria-label="Main">
          {NAV.map(({ to, label }) => (
            <NavLink key={to} to={to} className={({ isActive }) => `${styles.navLink} ${isActive ? styles.navLinkActive : ''}`}>
              {label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.actions}>
          <SoundToggle />
          {wallet ? (
            <>
              {bell && <div className={`${styles.bellSlot} ${styles.wideOnly}`}>{bell}</div>}
              <AccountMenu wallet={wallet} onDisconnect={onDisconnect} TelegramItem={TelegramItem} />
              <Link to={pagePaths.placeOrder} className={buttonClassName('primary')}>
                <PlusIcon />
                Create order
              </Link>
            </>
          ) : (
            <Button onClick={onConnectWallet}>Connect Wallet</Button>
          )}
        </div>
      </div>
    </header>
  );
}

import { avatarLetters, shortenWallet } from '@jelly/domain';
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons.tsx';
import { useDismissable } from '../../components/ui/useDismissable.ts';
import styles from './Header.module.css';
import { pagePaths } from '@jelly/contracts';

/** Props of the Connect Telegram menu item: the menu's item class, and `onDone` to close the menu. */
export interface TelegramItemProps {
  className: string;
  onDone: () => void;
}

export interface AccountMenuProps {
  wallet: string;
  onDisconnect: () => void;
  /** Connect Telegram (notifications feature); a disabled placeholder without it. */
  TelegramItem?: ComponentType<TelegramItemProps> | undefined;
}

/** The account dropdown: two-letter avatar, shortened wallet; Dashboard, Connect Telegram, Disconnect. */
export function AccountMenu({ wallet, onDisconnect, TelegramItem }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useDismissable(open, rootRef, buttonRef, () => setOpen(false));
  useEffect(() => {
    if (open) menuItems(menuRef.current)[0]?.focus();
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div ref={rootRef} className={`${styles.account} ${styles.wideOnly}`}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.accountButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={wallet}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {/* The name comes from the content, so it holds the visible text (speech input can say what it sees). */}
        <span className="visually-hidden">Account menu </span>
        <span className={styles.avatar} aria-hidden="true">
          {avatarLetters(wallet)}
        </span>
        <span className={styles.address}>{shortenWallet(wallet)}</span>
        <ChevronDownIcon />
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label="Account" className={styles.menu} onKeyDown={onMenuKeyDown}>
          <Link role="menuitem" tabIndex={-1} className={styles.menuItem} to={pagePaths.myAccount} onClick={() => close(false)}>
            Dashboard
          </Link>
          {TelegramItem ? (
            <TelegramItem className={styles.menuItem ?? ''} onDone={() => close(false)} />
          ) : (
            <button role="menuitem" type="button" className={styles.menuItem} disabled aria-disabled="true">
              Connect Telegram
            </button>
          )}
          <button
            role="menuitem"
            type="button"
            tabIndex={-1}
            className={styles.menuItem}
            onClick={() => {
              close(true);
              onDisconnect();
            }}
          >
            Disconnect
          </button>
        </div>
      )}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])'));
}

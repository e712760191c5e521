'use client';

import { useEffect, useState } from 'react';
import { logout } from '@/client/accounts';
import { useDropdown } from '@/components/layout/use-dropdown';
import styles from './account-menu.module.css';
import { loadAuthModal, useAccount } from './account-provider';

type AccountMenuProps = { loginUrl: string; accountUrl: string };

/** "Jean D.": the first name and the first letter of the last name. */
export function displayName(user: { firstname: string; lastname: string }): string {
  const initial = user.lastname.trim().charAt(0).toUpperCase();
  return initial ? `${user.firstname.trim()} ${initial}.` : user.firstname.trim();
}

/**
 * The customer-account menu of the header. Anonymous: the shop's login page (new tab) and the login and
 * registration modal. Logged in: the reader's name, a My account link and Disconnect (the session cookie is
 * removed, the user cleared and the page reloaded).
 */
export function AccountMenu({ loginUrl, accountUrl }: AccountMenuProps) {
  const { user, setUser, openAuth } = useAccount();
  const { open, close, rootProps, triggerProps, panelProps } = useDropdown<HTMLDivElement>();
  const [leaving, setLeaving] = useState(false);

  // An anonymous reader opening the menu may want the login modal next: its chunk starts loading now.
  useEffect(() => {
    if (open && !user) void loadAuthModal();
  }, [open, user]);

  const disconnect = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch (error) {
      console.warn('Déconnexion : le serveur n’a pas répondu', error);
    }
    setUser(null);
    window.location.reload();
  };

  return (
    <div className={styles.root} {...rootProps}>
      <button className={styles.trigger} {...triggerProps} data-connected={user ? '' : undefined}>
        <span className={styles.icon} aria-hidden="true" />
        <span className={styles.label}>{user ? displayName(user) : 'Mon compte'}</span>
      </button>
      <ul className={styles.panel} {...panelProps} data-open={open || undefined}>
        {user ? (
          <>
            <li>
              {accountUrl.startsWith('/') ? (
                <a className={styles.item} href={accountUrl}>
                  Mon compte
                </a>
              ) : (
                <a className={styles.item} href={accountUrl} target="_blank" rel="noopener">
                  Mon compte<span className="visually-hidden"> (nouvel onglet)</span>
                </a>
              )}
            </li>
            <li>
              <button type="button" className={styles.item} onClick={disconnect} disabled={leaving}>
                Se déconnecter
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <button
                type="button"
                className={styles.item}
                onClick={() => {
                  close();
                  // The window gives the focus back to what had it: « Mon compte », not this hidden item.
                  triggerProps.ref.current?.focus();
                  openAuth('login');
                }}
              >
                Se connecter ou créer un compte
              </button>
            </li>
            <li>
              <a className={styles.item} href={loginUrl} target="_blank" rel="noopener">
                Mon compte client boutique<span className="visually-hidden"> (nouvel onglet)</span>
              </a>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}

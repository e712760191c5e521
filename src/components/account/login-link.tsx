'use client';

import { useSyncExternalStore } from 'react';
import { PATHS } from '@/lib/constants';
import { loadAuthModal, useAccount } from './account-provider';

const noSubscription = () => () => {};

/**
 * A page's "Se connecter": a link to the login page for browsers without JavaScript (/connexion, decision 060) in
 * the server's HTML; once hydrated, a button opening the login modal (its chunk starts loading at the pointer's or
 * the focus's intent).
 */
export function LoginLink({ className }: { className?: string }) {
  const { openAuth } = useAccount();
  // False while hydrating (the server's snapshot), true from the render right after it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated) {
    return (
      <a className={className} href={PATHS.login}>
        Se connecter
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onPointerEnter={() => void loadAuthModal()}
      onFocus={() => void loadAuthModal()}
      onClick={() => openAuth('login')}
    >
      Se connecter
    </button>
  );
}

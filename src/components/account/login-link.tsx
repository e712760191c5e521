'use client';

import { useSyncExternalStore } from 'react';
import { loadAuthModal, useAccount } from './account-provider';

const noSubscription = () => () => {};

/**
 * A page's "Se connecter": a link to the layout's login forms (#connexion) in the server's HTML, which only a
 * browser without JavaScript has in its document (`AuthFallback` is inside <noscript>, decision 056); once
 * hydrated, a button opening the login modal (its chunk starts loading at the pointer's or the focus's intent).
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
      <a className={className} href="#connexion">
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

'use client';

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { loadUser, type User } from '@/client/accounts';
import { setUserContext } from '@/client/analytics';
import { useOnDemand } from '@/components/ui/use-on-demand';
import type { AuthTab } from './auth-tab';

/**
 * The login and registration modal with its forms and the Radix dialog: a chunk of its own, fetched when the
 * reader first asks for it (or shows the intent, see AccountMenu), not with every page (docs/decisions/007).
 */
export const loadAuthModal = () => import('./auth-modal');

type AccountContextValue = {
  /** The logged-in shop customer; null for an anonymous visitor or before the first answer. */
  user: User | null;
  /** False until /api/eshop/me has answered. */
  loaded: boolean;
  setUser: (user: User | null) => void;
  /** Opens the login and registration modal, the focus on one of its halves. */
  openAuth: (tab?: AuthTab) => void;
};

const AccountContext = createContext<AccountContextValue | null>(null);

/** The account context: the header, the paywall prompt and any page can read the user or open the modal. */
export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>');
  return value;
}

type AccountProviderProps = { forgotPasswordUrl: string; children: ReactNode };

/**
 * Loads the user in the browser (so pages stay cacheable for anonymous visitors, DESIGN.md) and holds the
 * login and registration modal, loaded at its first opening.
 */
export function AccountProvider({ forgotPasswordUrl, children }: AccountProviderProps) {
  const [user, setUserState] = useState<User | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [authTab, setAuthTab] = useState<AuthTab | null>(null);
  const auth = useOnDemand(loadAuthModal, authTab !== null);

  const setUser = useCallback((next: User | null) => {
    setUserState(next);
    setUserContext(next);
  }, []);

  useEffect(() => {
    let cancelled = false;
    loadUser()
      .then((loadedUser) => {
        if (!cancelled) setUser(loadedUser);
      })
      // loadUser logged the cause already; the visitor stays anonymous.
      .catch(() => {})
      .finally(() => {
        if (!cancelled) setLoaded(true);
      });
    return () => {
      cancelled = true;
    };
  }, [setUser]);

  // What had the focus when the window opened gets it back when it closes (its first field takes it meanwhile).
  const opener = useRef<HTMLElement | null>(null);
  const openAuth = useCallback((tab: AuthTab = 'login') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAuthTab(tab);
  }, []);
  const value = useMemo(() => ({ user, loaded, setUser, openAuth }), [user, loaded, setUser, openAuth]);

  return (
    <AccountContext value={value}>
      {children}
      {auth ? (
        <auth.AuthModal
          open={authTab !== null}
          initialTab={authTab ?? 'login'}
          onOpenChange={(open) => {
            if (!open) setAuthTab(null);
          }}
          onLoggedIn={setUser}
          forgotPasswordUrl={forgotPasswordUrl}
          returnFocus={() => opener.current}
        />
      ) : null}
    </AccountContext>
  );
}

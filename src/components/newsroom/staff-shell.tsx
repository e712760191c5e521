'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { AdminApiError, errorMessage, getSession, signOut } from '@/client/admin';
import {
  type AdminPermission,
  roleAllows,
  type SessionAnswer,
  STAFF_ROLE_LABELS,
  type StaffMember,
} from '@/lib/contracts/admin';
import { ErrorAlert, Loading } from './messages';
import styles from './newsroom.module.css';
import { NEWSROOM_PATHS, signInPath } from './paths';
import { ReviewHeaderLinks } from './review/review-header-links';
import { SITE_NAV } from './site-paths';

type StaffContext = {
  staff: StaffMember;
  can: (permission: AdminPermission) => boolean;
  /** Reads the session again (after a change of the account, such as two-factor authentication). */
  reload: () => void;
};

const Context = createContext<StaffContext | null>(null);

/** The signed-in staff member and what their role allows (only inside StaffShell). */
export function useStaff(): StaffContext {
  const value = useContext(Context);
  if (!value) throw new Error('useStaff outside StaffShell');
  return value;
}

const NAV: { href: string; label: string; permission: AdminPermission }[] = [
  { href: NEWSROOM_PATHS.articles, label: 'Articles', permission: 'article.read' },
  { href: NEWSROOM_PATHS.newArticle, label: 'Nouvel article', permission: 'article.create' },
  { href: NEWSROOM_PATHS.bin, label: 'Corbeille', permission: 'article.read' },
  { href: NEWSROOM_PATHS.staff, label: 'Équipe', permission: 'staff.manage' },
  { href: NEWSROOM_PATHS.apiKeys, label: 'Clés d’API', permission: 'apiKey.manage' },
  { href: NEWSROOM_PATHS.audit, label: 'Journal', permission: 'audit.read' },
  ...SITE_NAV,
];

/**
 * The newsroom's frame for signed-in staff: it reads the session from the Admin API (a visitor without one is
 * sent to the sign-in page, and back here afterwards), shows the menu the role allows and signs out.
 */
export function StaffShell({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const [session, setSession] = useState<SessionAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    void generation;
    getSession(controller.signal)
      .then(setSession)
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        if (failure instanceof AdminApiError && failure.status === 401) {
          router.replace(signInPath(`${window.location.pathname}${window.location.search}`));
          return;
        }
        setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, [router, generation]);

  useEffect(() => {
    if (session?.totpSetupRequired && pathname !== NEWSROOM_PATHS.account)
      router.replace(NEWSROOM_PATHS.account);
  }, [session, pathname, router]);

  const can = useCallback(
    (permission: AdminPermission) => (session ? roleAllows(session.staff.role, permission) : false),
    [session],
  );

  const leave = async () => {
    try {
      await signOut();
    } finally {
      router.replace(NEWSROOM_PATHS.signIn);
    }
  };

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <Link href={NEWSROOM_PATHS.articles} className={styles.brand}>
            Rédaction
          </Link>
          {session ? (
            <>
              <nav aria-label="Rédaction" className={styles.nav}>
                <ul>
                  {NAV.filter((item) => can(item.permission)).map((item) => (
                    <li key={item.href}>
                      <Link href={item.href} aria-current={pathname === item.href ? 'page' : undefined}>
                        {item.label}
                      </Link>
                    </li>
                  ))}
                  <ReviewHeaderLinks staffId={session.staff.id} />
                </ul>
              </nav>
              <div className={styles.staff}>
                <Link href={NEWSROOM_PATHS.account}>
                  {session.staff.name} ({STAFF_ROLE_LABELS[session.staff.role]})
                </Link>
                <button type="button" className={styles.linkButton} onClick={leave}>
                  Se déconnecter
                </button>
              </div>
            </>
          ) : null}
        </div>
      </header>
      <main id="contenu" tabIndex={-1} className={styles.main}>
        {error ? (
          <ErrorAlert message={error} />
        ) : session ? (
          <Context.Provider value={{ staff: session.staff, can, reload }}>{children}</Context.Provider>
        ) : (
          <Loading />
        )}
      </main>
    </div>
  );
}

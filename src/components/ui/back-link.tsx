'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';

/**
 * 'Retour à la page précédente': back in the history when there is one; a plain link home otherwise (and
 * without JavaScript).
 */
export function BackLink({ className }: { className?: string }) {
  const router = useRouter();
  return (
    <Link
      href="/"
      className={className}
      onClick={(event) => {
        if (window.history.length > 1) {
          event.preventDefault();
          router.back();
        }
      }}
    >
      Retour à la page précédente
    </Link>
  );
}

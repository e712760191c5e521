import type { ReactNode } from 'react';

// The framework's floor for the page bench: Next.js with nothing of ours (no font, no CSS, no client component),
// built and served like the site, so Lighthouse says in the same run what an empty page of the framework scores.
export default function FloorLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <body>{children}</body>
    </html>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BarePage } from '@/components/newsroom/bare-page';
import { SignInForm } from '@/components/newsroom/sign-in-form';

export const metadata: Metadata = { title: 'Connexion' };

export default function SignInPage() {
  return (
    <BarePage title="Connexion à la rédaction">
      <Suspense fallback={<p className="loading">Chargement...</p>}>
        <SignInForm />
      </Suspense>
    </BarePage>
  );
}

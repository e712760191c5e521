import type { Metadata } from 'next';
import { BarePage } from '@/components/newsroom/bare-page';
import { InvitationForm } from '@/components/newsroom/setup-forms';

export const metadata: Metadata = { title: 'Invitation' };

export default function InvitationPage() {
  return (
    <BarePage title="Choisir votre mot de passe">
      <InvitationForm />
    </BarePage>
  );
}

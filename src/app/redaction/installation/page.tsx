import type { Metadata } from 'next';
import { BarePage } from '@/components/newsroom/bare-page';
import { SetupForm } from '@/components/newsroom/setup-forms';

export const metadata: Metadata = { title: 'Installation' };

export default function SetupPage() {
  return (
    <BarePage title="Premier compte administrateur">
      <SetupForm />
    </BarePage>
  );
}

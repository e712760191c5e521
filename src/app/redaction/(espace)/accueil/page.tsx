import type { Metadata } from 'next';
import { HomeBlocksPage } from '@/components/newsroom/site/home-blocks-page';

export const metadata: Metadata = { title: 'Page d’accueil' };

export default function Page() {
  return <HomeBlocksPage />;
}

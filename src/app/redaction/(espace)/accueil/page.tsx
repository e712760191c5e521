import type { Metadata } from 'next';
import { HomeBlocksPage } from '@/components/newsroom/home-blocks/home-blocks-page';

export const metadata: Metadata = { title: 'Page d’accueil' };

export default function Page() {
  return <HomeBlocksPage />;
}

import type { Metadata } from 'next';
import { ShopPage } from '@/components/newsroom/shop/shop-page';

export const metadata: Metadata = { title: 'Boutique' };

export default function Page() {
  return <ShopPage />;
}

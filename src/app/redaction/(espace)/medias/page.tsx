import type { Metadata } from 'next';
import { MediaLibraryPage } from '@/components/newsroom/media/media-library-page';

export const metadata: Metadata = { title: 'Médiathèque' };

export default function Page() {
  return <MediaLibraryPage />;
}

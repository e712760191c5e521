import { FALLBACK_ATTRIBUTE } from '@/client/image-fallback';
import type { Banner } from '@/lib/contracts/content';
import styles from './listing-banner.module.css';

/** One banner of the shop: the mobile image under 768 px, the desktop one above. */
export function ListingBanner({ banner, priority = false }: { banner: Banner | null; priority?: boolean }) {
  if (!banner) return null;
  return (
    <a className={styles.banner} href={banner.onClick} target="_blank" rel="noopener noreferrer">
      {/* Its <img> and sources give way to the placeholder if they fail (ImageFallback in the layout). */}
      <picture {...{ [FALLBACK_ATTRIBUTE]: '' }}>
        <source
          media="(min-width: 768px)"
          srcSet={banner.desktop.url}
          width={banner.desktop.width}
          height={banner.desktop.height}
        />
        {/* Art direction between a mobile and a desktop image needs <picture>, which next/image does not make. */}
        <img
          src={banner.mobile.url}
          alt={`${banner.alt} (boutique, nouvelle fenêtre)`}
          width={banner.mobile.width}
          height={banner.mobile.height}
          loading={priority ? 'eager' : 'lazy'}
          // The first banner is the home page's largest paint on phones.
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      </picture>
    </a>
  );
}

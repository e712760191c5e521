import { ListingBanner } from '@/components/news/listing-banner';
import { Carousel } from '@/components/ui/carousel';
import { BANNER_INTERVAL_MS } from '@/lib/constants';
import type { Banner } from '@/lib/contracts/content';

/** The home banners: one a page, advancing every BANNER_INTERVAL_MS, looping, draggable, with indicators. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <Carousel
      label="Nos offres à la une"
      autoplayMs={BANNER_INTERVAL_MS}
      loop
      items={banners.map((banner, index) => (
        <ListingBanner key={banner.id} banner={banner} priority={index === 0} />
      ))}
    />
  );
}

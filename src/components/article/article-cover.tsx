import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { ARTICLE_COVER_RATIO, COVER_IMAGE_SIZES, LISTING_IMAGE_WIDTH } from '@/lib/constants';
import { focalPosition } from '@/lib/focal-point';
import styles from './article.module.css';

type Props = {
  image: {
    href: string;
    legend?: string | undefined;
    alt?: string | undefined;
    source?: string | undefined;
    width?: number | undefined;
    focal_point?: { x: number; y: number } | null | undefined;
  };
};

/** The newsroom's text alternative; an imported image without one falls back to its legend. */
function coverAlt(image: Props['image']): string {
  return image.alt?.trim() ? image.alt : (image.legend ?? '');
}

/** The cover image at 16:9 with its legend and source. It is the largest paint of the page: loaded first. */
export function ArticleCover({ image }: Props) {
  const width = image.width ?? LISTING_IMAGE_WIDTH;
  return (
    <figure className={styles.cover}>
      <ImageWithFallback
        src={image.href}
        alt={coverAlt(image)}
        width={width}
        height={Math.round(width / ARTICLE_COVER_RATIO)}
        sizes={COVER_IMAGE_SIZES}
        objectPosition={focalPosition(image.focal_point)}
        priority
      />
      {image.legend || image.source ? (
        <figcaption>
          {image.legend}
          {image.source ? <span className={styles.imageSource}> © {image.source}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}

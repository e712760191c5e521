import { Carousel } from '@/components/ui/carousel';
import { VIDEO_CAROUSEL_BREAKPOINTS } from '@/lib/constants';
import type { ArticleSummary } from '@/lib/contracts/content';
import styles from './media-carousel.module.css';
import { NewsTeaser } from './news-teaser';

type Props = { news: ArticleSummary[]; title: string };

/** The video and podcast carousel of the news home and topic pages: 1, 2 or 3 items by width. */
export function MediaCarousel({ news, title }: Props) {
  if (news.length === 0) return null;
  // The carousel is the labelled region: a wrapping region of the same name would repeat the landmark.
  return (
    <div className={styles.section}>
      <h2 id="carrousel-medias" className={styles.heading}>
        {title}
      </h2>
      <Carousel
        label={title}
        breakpoints={VIDEO_CAROUSEL_BREAKPOINTS}
        items={news.map((item) => (
          <div key={item.id} className={styles.slide}>
            <NewsTeaser article={item} variant="card" headingLevel="h3" />
          </div>
        ))}
      />
    </div>
  );
}

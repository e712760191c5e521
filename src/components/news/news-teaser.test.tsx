// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { NewsTeaser, type TeaserArticle, toTeaser } from './news-teaser';

afterEach(cleanup);

const article: TeaserArticle = {
  id: 'n1',
  type: 'actualite',
  slug: 'actualite-1',
  enriched_news_id: null,
  title: 'Actualité 1',
  summary: 'Résumé 1',
  topics: [],
  publication_date: '2026-03-01T08:00:00.000Z',
  images: [],
};

describe('NewsTeaser', () => {
  test('toTeaser writes the date on the server, as the teaser shows it', () => {
    expect(toTeaser(article).dateLabel).toBe('1er mars 2026');
  });

  test('a teaser shows the date written by the server as is, else formats it', () => {
    const { unmount } = render(<NewsTeaser article={{ ...article, dateLabel: 'le jour dit' }} />);
    expect(screen.getByText('le jour dit').getAttribute('datetime')).toBe(article.publication_date);
    unmount();
    render(<NewsTeaser article={article} />);
    expect(screen.getByText('1er mars 2026')).toBeTruthy();
  });

  test('a card crops its image around the media library’s focal point', () => {
    const image = {
      content_type: 'cover',
      href: '/media/covers/social-1.webp',
      image_name: 'c',
      width: 1200,
    };
    const { container, unmount } = render(
      <NewsTeaser
        variant="card"
        article={{ ...article, images: [{ ...image, focal_point: { x: 20, y: 80 } }] }}
      />,
    );
    expect(container.querySelector('img')?.style.objectPosition).toBe('20% 80%');
    unmount();
    const centred = render(<NewsTeaser variant="card" article={{ ...article, images: [image] }} />);
    expect(centred.container.querySelector('img')?.style.objectPosition).toBe('');
  });
});

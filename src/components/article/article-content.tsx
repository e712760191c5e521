'use client';

import { useEffect, useMemo, useState } from 'react';
import { fetchArticle } from '@/client/content';
import { useAccount } from '@/components/account/account-provider';
import styles from './article.module.css';
import { EditorialHtml } from './editorial-html';
import { useEmbedPlaceholders } from './embed-placeholders';
import { PAYWALL_ANCHOR, PaywallPrompt } from './paywall-prompt';
import { TableOfContents } from './table-of-contents';

export type SectionView = { id: string; title: string; summary: string; view: string };

type Content = { view: string; sections: SectionView[]; isPaywallable: boolean };

type Props = Content & {
  newsId: string;
  /** Titles of the sections withheld from a visitor without access, listed locked in the table of contents. */
  lockedSections?: { id: string; title: string }[];
};

/** The anchor of a section: the table of contents links to it and writes it in the URL hash. */
export const sectionAnchor = (id: string) => `section-${id}`;

/**
 * The body of an article, then the sections of an enriched news with their table of contents. The server renders
 * what a visitor without access may read (the HTML is cached and shared); when part was withheld and the reader
 * is logged in, the browser asks /api/article/single, which answers the whole article, and shows it in place.
 */
export function ArticleContent({ newsId, lockedSections = [], ...initial }: Props) {
  const [content, setContent] = useState<Content>(initial);
  const { user } = useAccount();
  const loggedIn = user !== null;

  // The whole article replaces the content's placeholders.
  useEmbedPlaceholders(content);

  // Asked only for a logged-in reader (on load, or right after logging in from the prompt): an anonymous
  // visitor would get the same gated answer as the page.
  useEffect(() => {
    if (!initial.isPaywallable || !loggedIn) return;
    let cancelled = false;
    fetchArticle(newsId)
      .then((answer) => {
        if (cancelled || answer.isPaywallable) return;
        setContent({ view: answer.article.view, sections: answer.article.sections, isPaywallable: false });
      })
      // The anonymous content stays: nothing more to show when the call fails.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [newsId, initial.isPaywallable, loggedIn]);

  const enriched = content.sections.length > 0;
  const entries = useMemo(
    () => [
      ...content.sections.map((section) => ({ id: sectionAnchor(section.id), title: section.title })),
      // Once the whole article is there (a logged-in reader), nothing is locked any more.
      ...(content.isPaywallable
        ? lockedSections.map((section) => ({
            id: sectionAnchor(section.id),
            title: section.title,
            locked: true,
          }))
        : []),
    ],
    [content, lockedSections],
  );
  return (
    <>
      {enriched ? (
        <div className={styles.enriched}>
          <TableOfContents entries={entries} lockedTarget={PAYWALL_ANCHOR} />
          <div className={styles.sections}>
            {/* The introduction written in the article's own body comes before its sections. */}
            {content.view.trim() ? <EditorialHtml html={content.view} /> : null}
            {content.sections.map((section) => (
              <section
                key={section.id}
                id={sectionAnchor(section.id)}
                tabIndex={-1}
                className={styles.section}
                aria-labelledby={`${sectionAnchor(section.id)}-titre`}
              >
                <h2 id={`${sectionAnchor(section.id)}-titre`}>{section.title}</h2>
                {section.summary ? <p className={styles.sectionSummary}>{section.summary}</p> : null}
                <EditorialHtml html={section.view} />
              </section>
            ))}
            {content.isPaywallable ? <PaywallPrompt enriched /> : null}
          </div>
        </div>
      ) : (
        <>
          <EditorialHtml
            html={content.view}
            className={content.isPaywallable ? styles.fadedBody : undefined}
          />
          {content.isPaywallable ? <PaywallPrompt enriched={false} /> : null}
        </>
      )}
    </>
  );
}

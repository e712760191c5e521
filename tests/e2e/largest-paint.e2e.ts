import { readerTemplates } from '../support/reader-templates';
import { baseUrl, expect, test } from './support/fixtures';

// Issue 16, decision 047: on a phone, the largest image of a template's first screen (its largest paint) is asked
// for with the HTML (high priority, never lazy, preloaded in the head) and at the width it is drawn at: a 3x phone
// 412 px wide draws it 380 px wide, so it fetches the 1,200 px variant, not the 1,920 px one `100vw` asked for.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 3, isMobile: true });

test("a phone fetches its first screen's largest image at once and at the size it draws it", async ({
  page,
}) => {
  const templates = await readerTemplates(baseUrl());
  for (const name of ['home', 'newsHome', 'topic', 'article', 'enrichedArticle', 'rates'] as const) {
    const html = await (await page.request.get(templates[name])).text();
    await page.goto(templates[name]);
    const largest = await page.evaluate(() => {
      const visible = [...document.images]
        .map((image) => ({ image, box: image.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.top < window.innerHeight);
      visible.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
      const first = visible[0];
      return first
        ? {
            fetchPriority: first.image.getAttribute('fetchpriority'),
            loading: first.image.loading,
            src: first.image.getAttribute('src') ?? '',
            currentSrc: first.image.currentSrc,
            width: Math.round(first.box.width),
          }
        : null;
    });
    expect(largest, name).not.toBeNull();
    expect(largest?.fetchPriority, name).toBe('high');
    expect(largest?.loading, name).not.toBe('lazy');
    expect(largest?.width, name).toBe(380);
    expect(new URL(largest?.currentSrc ?? '').searchParams.get('w'), name).toBe('1200');
    // React preloads a high-priority image in the head: the browser asks for it before parsing the body.
    const imageUrl = new URL(largest?.src ?? '', baseUrl()).searchParams.get('url') ?? '';
    const head = html.slice(0, html.indexOf('<body'));
    expect(head, name).toMatch(
      new RegExp(`<link rel="preload" as="image"[^>]*${encodeURIComponent(imageUrl)}`),
    );
  }
});

import ical, { type VEvent } from 'node-ical';
import { DESKTOP, expect, MOBILE, screenshot, test } from './support/fixtures';

test('the agenda shows a French month calendar from Monday and scrolls to the group of a chosen day', async ({
  page,
}) => {
  const response = await page.goto('/agenda');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda fiscal et social' })).toBeVisible();
  const grid = page.getByRole('grid');
  const weekdays = grid.locator('thead th');
  await expect(weekdays.first()).toHaveText(/^lu/i);
  await expect(weekdays.nth(6)).toHaveText(/^di/i);

  // Days without events cannot be chosen; a day with events scrolls to its group and focuses it.
  const enabled = grid.locator('button:not([disabled])');
  await expect(enabled).not.toHaveCount(0);
  await expect(grid.locator('button[disabled]')).not.toHaveCount(0);
  await enabled.last().click();
  await expect(page).toHaveURL(/#jour-\d{4}-\d{2}-\d{2}$/);
  const groupId = new URL(page.url()).hash.slice(1);
  const group = page.locator(`[id="${groupId}"]`);
  await expect(group).toBeFocused();
  // The group's title is scrolled into the window.
  await expect(group).toBeInViewport();
  await screenshot(page, 'agenda-desktop');
});

test('previous and next month links carry the month in the date parameter', async ({ page }) => {
  await page.goto('/agenda/fiscal?date=03-2026');
  await expect(page.getByRole('heading', { level: 2, name: 'Échéances de mars 2026' })).toBeVisible();
  await page.getByRole('link', { name: /Mois suivant/ }).click();
  await expect(page).toHaveURL(/\/agenda\/fiscal\?date=04-2026$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Échéances d’avril 2026' })).toBeVisible();
  await page.getByRole('link', { name: /Mois précédent/ }).click();
  await expect(page).toHaveURL(/date=03-2026$/);
  const response = await page.goto('/agenda?date=pas-une-date');
  expect(response?.status()).toBe(200);
});

test('the iCalendar feed of a topic is valid for another parser', async ({ request }) => {
  const response = await request.get('/agenda/fiscal/calendrier.ics');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = Object.values(ical.sync.parseICS(await response.text())).filter(
    (entry): entry is VEvent => entry?.type === 'VEVENT',
  );
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    expect(event.start.dateOnly).toBe(true);
    expect(event.uid).toMatch(/^agenda-.+@/);
  }
  expect((await request.get('/agenda/inconnu/calendrier.ics')).status()).toBe(404);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on the agenda', async ({ page }) => {
      expect((await page.goto('/agenda/social'))?.status()).toBe(200);
      await expect(page.getByRole('grid')).toBeVisible();
      await expect(page).toPassAxe();
      await screenshot(page, `agenda-social-${name}`);
    });
  });
}

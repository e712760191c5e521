import ical, { type VEvent } from 'node-ical';
import { baseUrl, DESKTOP, expect, expectNoAxeViolations, MOBILE, screenshot, test } from './support/browser';

test('the agenda shows a French month calendar from Monday and scrolls to the group of a chosen day', async ({
  page,
}) => {
  const response = await page.goto('/agenda');
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: 'Agenda fiscal et social' }).waitFor();
  const grid = page.getByRole('grid');
  const weekdays = await grid.locator('thead th').allTextContents();
  expect(weekdays[0]?.toLowerCase()).toMatch(/^lu/);
  expect(weekdays[6]?.toLowerCase()).toMatch(/^di/);

  // Days without events cannot be chosen; a day with events scrolls to its group and focuses it.
  const enabled = grid.locator('button:not([disabled])');
  const disabled = grid.locator('button[disabled]');
  expect(await enabled.count()).toBeGreaterThan(0);
  expect(await disabled.count()).toBeGreaterThan(0);
  const lastDay = enabled.last();
  await lastDay.click();
  await page.waitForFunction(() => /^#jour-\d{4}-\d{2}-\d{2}$/.test(window.location.hash));
  const groupId = (await page.evaluate(() => window.location.hash)).slice(1);
  const group = page.locator(`[id="${groupId}"]`);
  await expect.poll(() => group.evaluate((element) => document.activeElement === element)).toBe(true);
  // The group's title is scrolled into the window.
  await expect
    .poll(() =>
      group.evaluate((element) => {
        const { top } = element.getBoundingClientRect();
        return top >= 0 && top < window.innerHeight;
      }),
    )
    .toBe(true);
  await screenshot(page, 'agenda-desktop');
});

test('previous and next month links carry the month in the date parameter', async ({ page }) => {
  await page.goto('/agenda/fiscal?date=03-2026');
  await page.getByRole('heading', { level: 2, name: 'Échéances de mars 2026' }).waitFor();
  await page.getByRole('link', { name: /Mois suivant/ }).click();
  await page.waitForURL(/\/agenda\/fiscal\?date=04-2026$/);
  await page.getByRole('heading', { level: 2, name: 'Échéances d’avril 2026' }).waitFor();
  await page.getByRole('link', { name: /Mois précédent/ }).click();
  await page.waitForURL(/date=03-2026$/);
  const response = await page.goto('/agenda?date=pas-une-date');
  expect(response?.status()).toBe(200);
});

test('the iCalendar feed of a topic is valid for another parser', async () => {
  const response = await fetch(`${baseUrl()}/agenda/fiscal/calendrier.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const events = Object.values(ical.sync.parseICS(await response.text())).filter(
    (entry): entry is VEvent => entry?.type === 'VEVENT',
  );
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    expect(event.start.dateOnly).toBe(true);
    expect(event.uid).toMatch(/^agenda-.+@/);
  }
  expect((await fetch(`${baseUrl()}/agenda/inconnu/calendrier.ics`)).status).toBe(404);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe finds no violation on the agenda (${name})`, async ({ newPage }) => {
    const page = await newPage(viewport);
    expect((await page.goto('/agenda/social'))?.status()).toBe(200);
    await page.getByRole('grid').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, `agenda-social-${name}`);
  });
}

// The page's router (web/js/app.js): an unknown page says so (even one named like a
// method every JavaScript object has), and a page left while it is still loading never
// draws beside the page chosen after it.
const { test, expect } = require('./fixtures.js');

test('an unknown page says so, whatever its name', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/#/stats');
  await expect(page.locator('#main h1')).toHaveText('Your statistics');
  for (const name of ['nope', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
    await page.evaluate((n) => { location.hash = '#/' + n; }, name);
    await expect(page.locator('#main h1')).toHaveText('No such page');
    await expect(page.locator('#main')).toContainText(`#/${name}`);
  }
  await page.locator('#main a', { hasText: 'See every page' }).click();
  await expect(page.locator('.home-list a').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a page left while it loads does not draw beside the next one', async ({ page }) => {
  // The statistics page draws each game's figures as their answer arrives: hold the
  // answers back so that the page is still loading when another is chosen.
  await page.route('**/api/v1/stats/**', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/#/stats');
  await expect(page.locator('#main h1')).toHaveText('Your statistics');
  await page.evaluate(() => { location.hash = '#/24/solve'; });
  await expect(page.locator('#main h1')).toHaveText('24 solver');
  await page.waitForTimeout(3000);  // the first held answers arrive meanwhile
  await expect(page.locator('#main h1')).toHaveCount(1);
  await expect(page.locator('#main .stats-game')).toHaveCount(0);
});

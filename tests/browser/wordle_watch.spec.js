// Watching an AI player: the entropy player's game against a chosen answer is revealed
// row by row, ending with the answer found.
const { test, expect } = require('@playwright/test');

test('the entropy player solves CIGAR row by row', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the flow runs at desktop size');
  test.setTimeout(240_000);  // the entropy player's first guess takes seconds in the sanitizer build
  await page.goto('/#/wordle/watch');
  await page.locator('#watch-player').selectOption('entropy');
  await page.locator('#watch-word').fill('cigar');
  await page.locator('#watch-start').click();
  await expect(page.locator('#watch-board .row').first()).toBeVisible({ timeout: 180_000 });
  await expect(page.locator('#watch-board .row').first()).toHaveText('soare', { ignoreCase: true });
  await expect(page.locator('#watch-result')).toHaveText(/found CIGAR in \d/, { timeout: 30_000 });
  const last = page.locator('#watch-board .row').last().locator('.tile');
  await expect(last).toHaveCount(5);
  for (let i = 0; i < 5; i++) await expect(last.nth(i)).toHaveAttribute('data-state', 'correct');
  await page.screenshot({ path: test.info().outputPath('wordle-watch.png'), fullPage: true });
});

// The Handle assistant page: reached from the Handle page, an idiom typed into the box (what
// an input method delivers), its marks tapped to the real game's colours, the answers left
// and the best next guess from the server; a row no answer fits shows the server's error.
const base = require('@playwright/test');

const { test } = base;
// Playwright's default of 5 s is short on a machine shared with compilers.
const expect = base.expect.configure({ timeout: 10_000 });

test.use({ locale: 'en-US' });
test.skip(({ isMobile }) => isMobile, 'the assistant flow runs at desktop size');

test('a real row narrows the answers, a contradictory row is refused', async ({ page }) => {
  await page.goto('/#/handle');
  await page.locator('#to-handle-assist').click();
  await expect(page).toHaveURL(/#\/handle\/assist$/);
  const left = page.locator('#hassist-left');
  await expect(left).toHaveText('424 possible answers');
  await expect(page.locator('#hassist-best tr').nth(1)).toContainText('补过拾遗');

  // 补过拾遗 with no mark at all fits none of the answers: the server says which row, and
  // the row stays to be fixed or taken back.
  const word = page.locator('#hassist-word');
  await word.fill('补过拾遗');
  await word.press('Enter');
  await expect(page.locator('#hassist-error')).toContainText('row 1: No candidate fits');
  await expect(page.locator('.hassist-row')).toHaveCount(1);
  await page.locator('#hassist-undo').click();
  await expect(left).toHaveText('424 possible answers');
  await expect(page.locator('.hassist-row')).toHaveCount(0);

  // 瓮中捉鳖 with the tone of 瓮 misplaced (one tap: grey to orange) is a real row: 21
  // answers are left (tests/web/api_test.py, `handle assist 瓮中捉鳖 NNNM NNNN NNNN NNNN`).
  await word.fill('瓮中捉鳖');
  await word.press('Enter');
  const row = page.locator('.hassist-row').nth(0);
  await expect(row.locator('.hchar')).toHaveText(['瓮', '中', '捉', '鳖']);
  // The row shows its pinyin parts once the server has read it: zh is the initial of 中.
  await expect(row.locator('[data-pos="1"][data-channel="1"]')).toHaveText('zh');
  const mark = row.locator('[data-pos="0"][data-channel="3"]');
  await expect(mark).toHaveAttribute('data-mark', 'none');
  await mark.click();
  await expect(mark).toHaveAttribute('data-mark', 'misplaced');
  await expect(left).toHaveText('21 possible answers');
  await expect(page.locator('#hassist-best tr').nth(1).locator('td').first()).toHaveText(/^\p{Script=Han}{4}( ★)?$/u);
  await expect(page.locator('#hassist-cands li')).toHaveCount(21);

  // 补过拾遗 with no mark now contradicts: the error names row 2; undo brings the 21 back.
  await word.fill('补过拾遗');
  await word.press('Enter');
  await expect(page.locator('#hassist-error')).toContainText('row 2: No candidate fits');
  await page.locator('#hassist-undo').click();
  await expect(left).toHaveText('21 possible answers');
});

// Watching a Handle AI player: from the Handle page's link, the entropy player's game
// against a chosen answer is drawn row by row on a Handle board (pinyin parts coloured by
// their marks), ending with the result line; an idiom that is not a daily answer is
// refused with the server's message; the page speaks Chinese when the browser does.
const base = require('@playwright/test');

const { test } = base;
// Playwright's default of 5 s is short on a machine shared with compilers.
const expect = base.expect.configure({ timeout: 10_000 });

test.skip(({ isMobile }) => isMobile, 'the flow runs at desktop size (the phone screenshot is taken here too)');

// `puzzlelab handle watch --word 光阴似箭 --player entropy` opens with 补过拾遗, which
// leaves one answer (tests/web/api_test.py checks the server against the terminal).
const ANSWER = '光阴似箭';
const OPENER = '补过拾遗';

async function watchGame(page, idiom) {
  await page.locator('#hwatch-player').selectOption('entropy');
  await page.locator('#hwatch-idiom').fill(idiom);
  await page.locator('#hwatch-start').click();
}

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the entropy player solves 光阴似箭 row by row, then the result line', async ({ page }) => {
    test.setTimeout(240_000);  // the entropy player's opener takes seconds in the sanitizer build
    await page.goto('/#/handle');
    await page.locator('#to-handle-watch').click();
    await expect(page).toHaveURL(/#\/handle\/watch$/);
    await expect(page.locator('#hwatch-player option')).toHaveText(['entropy', 'frequency', 'random']);
    await watchGame(page, ANSWER);
    const rows = page.locator('#hwatch-board .hrow');
    await expect(rows.first()).toBeVisible({ timeout: 180_000 });
    await expect(rows.first().locator('.hchar')).toHaveText([...OPENER]);
    // The opener's marks as the game draws them: 过's initial g is in the answer but
    // elsewhere (光), 拾's final i is where 似's is.
    const opener = rows.first().locator('.hblock');
    await expect(opener.nth(1).locator('.py-i')).toHaveAttribute('data-mark', 'misplaced');
    await expect(opener.nth(2).locator('.py-f')).toHaveAttribute('data-mark', 'exact');
    await expect(opener.nth(0)).toHaveAttribute('data-mark', 'none');
    await expect(page.locator('#hwatch-result')).toHaveText(`entropy found ${ANSWER} in 2`, { timeout: 30_000 });
    await expect(rows).toHaveCount(2);
    const last = rows.last().locator('.hblock');
    await expect(last).toHaveCount(4);
    for (let i = 0; i < 4; i++) await expect(last.nth(i)).toHaveClass(/all-exact/);
    await expect(last.nth(0).locator('.py')).toHaveText('gua\u02C9ng');  // the tone mark drawn over its vowel
    await expect(page.locator('#hwatch-log li').first()).toHaveText(`${OPENER}: 424 possible → 1`);
    await page.screenshot({ path: test.info().outputPath('handle-watch-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.screenshot({ path: test.info().outputPath('handle-watch-375.png'), fullPage: true });

    // An idiom that is not one of the daily answers: the server's 400 as a message, no board.
    await page.setViewportSize({ width: 1280, height: 800 });
    await watchGame(page, '一心一意');
    await expect(page.locator('.toast')).toContainText('not one of the daily answers');
    await expect(rows).toHaveCount(0);
  });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the page and its result line speak Chinese', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/#/handle');
    await expect(page.locator('#to-handle-watch')).toHaveText('观看 AI 玩家解题');
    await page.goto('/#/handle/watch');
    await expect(page.locator('h1')).toHaveText('观看 AI 玩家');
    await watchGame(page, ANSWER);
    await expect(page.locator('#hwatch-result')).toHaveText(`entropy 用 2 次猜中「${ANSWER}」`, { timeout: 180_000 });
  });
});

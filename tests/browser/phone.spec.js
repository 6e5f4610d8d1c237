// Every page at phone size (375×667, touch): nothing wider than the screen, so there is no
// sideways scrolling, and a full-page screenshot of each to look at.
const base = require('@playwright/test');

const { test } = base;
// Playwright's default of 5 s is short on a machine shared with compilers.
const expect = base.expect.configure({ timeout: 10_000 });

test.skip(({ isMobile }) => !isMobile, 'the phone-size check runs in the phone project');

// A played row on the game boards, so the check covers them filled in.
async function playWordle(page) {
  await expect(page.locator('#wordle-board .row')).toHaveCount(6);
  for (const ch of 'crane') await page.locator(`.key[data-key="${ch}"]`).tap();
  await page.locator('.key[data-key="enter"]').tap();
  await expect(page.locator('#wordle-board .row').first().locator('.tile[data-state=tbd]')).toHaveCount(0);
  await expect(page.locator('#wordle-board .row').first().locator('.tile[data-state]')).toHaveCount(5);
}
async function playHandle(page) {
  await page.locator('#handle-input').fill('一心一意');
  await page.locator('#handle-input').press('Enter');
  await expect(page.locator('#handle-board .hrow .hblock')).toHaveCount(4);
}

// Each page, what shows once it has drawn, and what to do there first.
const PAGES = [
  ['home', '/#/', '.home-list a'],
  ['wordle', '/#/wordle', '#wordle-board .row .tile', playWordle],
  ['handle', '/#/handle', '#handle-input', playHandle],
  ['24', '/#/24', '#cards24 .card24'],
  ['24-solver', '/#/24/solve', '#solve-count'],
  ['2048', '/#/2048', '#board2048 .cell2048'],
  ['simulate', '/#/simulate', '#sim-start'],
  ['stats', '/#/stats', '.stats-game[data-game="2048"]'],
];

for (const [name, path, ready, play] of PAGES) {
  test(`${name} fits a phone's width`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    if (play) await play(page);
    await page.evaluate(() => document.fonts.ready);
    const fit = await page.evaluate(() => {
      const width = window.innerWidth;
      // What sticks out, named for the failure message.
      const over = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > width + 0.5 && e.getClientRects().length > 0)
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : ''} → ${Math.round(e.getBoundingClientRect().right)}px`);
      return { width, scroll: document.documentElement.scrollWidth, over };
    });
    expect(fit.width).toBe(375);
    expect(fit.scroll, `wider than the screen: ${fit.over.join(', ')}`).toBeLessThanOrEqual(fit.width);
    await page.screenshot({ path: test.info().outputPath(`phone-${name}.png`), fullPage: true });
  });
}

// 2048 in the browser: keyboard and swipe moves, undo, and a reload that resumes the game.
const { test, expect } = require('@playwright/test');

async function cells(page) {
  return page.locator('#board2048 .cell2048').evaluateAll((cs) => cs.map((c) => c.textContent || '0').join(','));
}

test('keyboard moves, undo, reload resumes', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the keyboard test runs at desktop size');
  await page.goto('/#/2048');
  await page.locator('#new-game').click();
  await expect(page.locator('#board2048 .tile2048')).toHaveCount(2);
  const start = await cells(page);
  // Some arrow changes the board from any two-tile start.
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
    if ((await cells(page)) !== start) break;
  }
  const moved = await cells(page);
  expect(moved).not.toBe(start);
  await expect(page.locator('#undo')).toBeEnabled();
  await page.locator('#undo').click();
  await expect.poll(() => cells(page)).toBe(start);
  // WASD plays too.
  for (const key of ['a', 'd', 'w', 's']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
    if ((await cells(page)) !== start) break;
  }
  const before = await cells(page);
  expect(before).not.toBe(start);
  await page.reload();
  await expect.poll(() => cells(page)).toBe(before);
  await page.screenshot({ path: test.info().outputPath('2048-desktop.png') });
});

test('swipes move the tiles on a phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'swipes are a phone thing');
  await page.goto('/#/2048');
  await page.locator('#new-game').click();
  await expect(page.locator('#board2048 .tile2048')).toHaveCount(2);
  const start = await cells(page);
  const box = await page.locator('#board2048').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const swipe = async (dx, dy) => {
    await page.locator('#board2048').dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: cx, clientY: cy }] });
    await page.locator('#board2048').dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: cx + dx, clientY: cy + dy }] });
    await page.waitForTimeout(200);
  };
  for (const [dx, dy] of [[-100, 0], [100, 0], [0, -100], [0, 100]]) {
    await swipe(dx, dy);
    if ((await cells(page)) !== start) break;
  }
  expect(await cells(page)).not.toBe(start);
  // The board fits the phone's width.
  expect(box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('2048-phone.png') });
});

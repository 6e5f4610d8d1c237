// 2048 in the browser: keyboard and swipe moves, undo, and a reload that resumes the game.
const { test, expect } = require('@playwright/test');

async function cells(page) {
  return page.locator('#board2048 .cell2048').evaluateAll((cs) => cs.map((c) => c.textContent || '0').join(','));
}

// Starts a new game and waits until the page shows it: the game the page opened with is
// drawn first, so two tiles alone do not tell the new game from the old one.
async function newGame(page) {
  await expect(page.locator('#board2048 .tile2048').first()).toBeVisible();
  const saved = () => page.evaluate(() => localStorage.getItem('puzzlelab.session.2048'));
  const old = await saved();
  await page.locator('#new-game').click();
  await expect.poll(saved).not.toBe(old);
  await expect(page.locator('#board2048 .tile2048')).toHaveCount(2);
}

// Does `act` (a key press or a swipe) and waits for the server's answer to the move; true
// if the board then differs from `start`.
async function moves(page, act, start) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/v1/sessions/'));
  await act();
  await (await answered).finished();
  try {
    await expect.poll(() => cells(page), { timeout: 500 }).not.toBe(start);
    return true;
  } catch {
    return false;
  }
}

test('keyboard moves, undo, reload resumes', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the keyboard test runs at desktop size');
  await page.goto('/#/2048');
  await newGame(page);
  const start = await cells(page);
  // Some arrow changes the board from any two-tile start.
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
    if (await moves(page, () => page.keyboard.press(key), start)) break;
  }
  const moved = await cells(page);
  expect(moved).not.toBe(start);
  await expect(page.locator('#undo')).toBeEnabled();
  await page.locator('#undo').click();
  await expect.poll(() => cells(page)).toBe(start);
  // WASD plays too.
  for (const key of ['a', 'd', 'w', 's']) {
    if (await moves(page, () => page.keyboard.press(key), start)) break;
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
  await newGame(page);
  const start = await cells(page);
  const box = await page.locator('#board2048').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const swipe = async (dx, dy) => {
    await page.locator('#board2048').dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: cx, clientY: cy }] });
    await page.locator('#board2048').dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: cx + dx, clientY: cy + dy }] });
  };
  for (const [dx, dy] of [[-100, 0], [100, 0], [0, -100], [0, 100]]) {
    if (await moves(page, () => swipe(dx, dy), start)) break;
  }
  expect(await cells(page)).not.toBe(start);
  // The board fits the phone's width.
  expect(box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('2048-phone.png') });
});

test('the AI plays on until stopped, and a hint speaks in words', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the buttons are the same at phone size');
  await page.goto('/#/2048');
  await newGame(page);
  await page.locator('#hint2048').click();
  const lines = page.locator('#hint-lines li');
  await expect(lines.first()).toContainText('the best move');
  expect((await lines.allTextContents()).join(' ')).not.toMatch(/\d/);
  await page.locator('#ai-speed').selectOption('20');
  await page.locator('#ai2048').click();
  await expect(page.locator('#ai2048')).toHaveAttribute('aria-pressed', 'true');
  // The score grows as the AI merges tiles.
  await expect.poll(async () => Number(await page.locator('#score').textContent()), { timeout: 20_000 }).toBeGreaterThan(100);
  await page.locator('#ai2048').click();
  await expect(page.locator('#ai2048')).toHaveAttribute('aria-pressed', 'false');
  await page.waitForTimeout(400);
  const stopped = await cells(page);
  await page.waitForTimeout(600);
  expect(await cells(page)).toBe(stopped);
});

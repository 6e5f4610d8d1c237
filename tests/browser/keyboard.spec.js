// Every page works with the keyboard alone: each page is reached from the nav by Tab and
// Enter, played with page.keyboard only (typing, Enter, Space, arrows, Tab and Shift+Tab,
// never a click), and every control that Tab reaches shows where the focus is.
const base = require('@playwright/test');

const { test } = base;
// Playwright's default of 5 s is short on a machine shared with compilers.
const expect = base.expect.configure({ timeout: 10_000 });

test.use({ locale: 'en-US' });
test.skip(({ isMobile }) => isMobile, 'a phone has no Tab key');

// What the focused element looks like: a focus ring is an outline that is drawn (any style
// but none, with some width) or a box shadow.
async function focused(page) {
  return page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    const s = getComputedStyle(e);
    return {
      what: `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : ''} "${(e.textContent || e.value || '').trim().slice(0, 20)}"`,
      ring: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none',
    };
  });
}

// Presses Tab (Shift+Tab when `back`) until the focused element matches `selector`, and
// checks that it shows its focus.
async function tabTo(page, selector, { back = false, limit = 80 } = {}) {
  for (let i = 0; i < limit; ++i) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((sel) => document.activeElement && document.activeElement.matches(sel), selector)) {
      const f = await focused(page);
      expect(f.ring, `the focus on ${f.what} is visible`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab did not reach ${selector} in ${limit} presses`);
}

// Tabs through every stop of the page once, round from where the focus is (past the end
// of the document the focus comes back to its top), and returns the stops that show no
// focus ring.
async function stopsWithoutRing(page) {
  await page.evaluate(() => { window.focusStops = []; });
  const bad = [];
  let count = 0;
  let outside = 0;
  for (let i = 0; i < 150; ++i) {
    await page.keyboard.press('Tab');
    const again = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      if (window.focusStops.includes(e)) return true;
      window.focusStops.push(e);
      return false;
    });
    if (again === null) {
      if (++outside > 2) break;
      continue;
    }
    if (again) break;
    ++count;
    const f = await focused(page);
    if (!f.ring) bad.push(f.what);
  }
  expect(count).toBeGreaterThan(5);
  return bad;
}

// Opens a page from the nav bar: Tab from the top of the document to its link, Enter;
// with `session`, waits until the page has its game from the server.
async function openFromNav(page, href, { session = false } = {}) {
  await page.goto('/');
  await tabTo(page, `#nav a[href="${href}"]`);
  const loaded = session ? page.waitForResponse((r) => /\/api\/v1\/sessions(\/|$)/.test(r.url())) : null;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(href.replace(/[/#]/g, '\\$&') + '$'));
  if (loaded) await (await loaded).finished();
}

test('the nav bar and the high-contrast switch, by Tab, Shift+Tab, Enter and Space', async ({ page }) => {
  await page.goto('/');
  expect(await stopsWithoutRing(page)).toEqual([]);
  await page.goto('/');
  await tabTo(page, '#high-contrast');
  await page.keyboard.press('Space');
  await expect(page.locator('body')).toHaveClass(/high-contrast/);
  await page.keyboard.press('Space');
  await expect(page.locator('body')).not.toHaveClass(/high-contrast/);
  // Back to the nav with Shift+Tab; Enter opens the page and the next Tab is in it.
  await tabTo(page, '#nav a[href="#/24"]', { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/24$/);
  await expect(page.locator('#cards24 .card24')).toHaveCount(4);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement.closest('#main') !== null)).toBe(true);
});

test('Wordle: type a word and Enter; Enter on New word starts a new one', async ({ page }) => {
  await openFromNav(page, '#/wordle', { session: true });
  const first = page.locator('#wordle-board .row').first().locator('.tile');
  await expect(first).toHaveCount(5);
  await page.keyboard.type('crane');
  await page.keyboard.press('Enter');
  await expect(first.and(page.locator('[data-state=correct], [data-state=present], [data-state=absent]'))).toHaveCount(5);
  await expect(first).toHaveText(['c', 'r', 'a', 'n', 'e'], { ignoreCase: true });
  // Letters typed then Enter on the focused "New word": the button acts, no guess is sent.
  await page.keyboard.type('sl');
  await tabTo(page, '#wordle-new');
  await page.keyboard.press('Enter');
  await expect(page.locator('#wordle-board .tile[data-state]:not([data-state=tbd])')).toHaveCount(0);
  expect(await stopsWithoutRing(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('keyboard-wordle.png') });
});

test('the Wordle assistant: type a guess, Enter, Space turns a tile yellow', async ({ page }) => {
  await openFromNav(page, '#/wordle', { session: true });
  await tabTo(page, '#to-assist');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/wordle\/assist$/);
  await expect(page.locator('#assist-left')).toBeVisible();
  const before = await page.locator('#assist-left').textContent();
  await tabTo(page, '#assist-word');
  await page.keyboard.type('crane');
  await page.keyboard.press('Enter');
  const tiles = page.locator('#assist-rows .tile');
  await expect(tiles).toHaveCount(5);
  // Shift+Tab from the box reaches the row's last tile.
  await tabTo(page, '#assist-rows .tile', { back: true });
  await page.keyboard.press('Space');
  await expect(tiles.last()).toHaveAttribute('data-state', 'present');
  await expect(page.locator('#assist-left')).not.toHaveText(before);
  // The row is drawn anew after a press: the focus stays on the same tile (the new
  // element in its place), so a second press, by Enter, cycles that tile again.
  const focusedTile = () => page.evaluate(() => {
    const e = document.activeElement;
    return e && e.matches('#assist-rows .tile') ? `${e.dataset.row}/${e.dataset.col} ${e.dataset.state}` : null;
  });
  await expect.poll(focusedTile).toBe('0/4 present');
  await page.keyboard.press('Enter');
  await expect(tiles.last()).toHaveAttribute('data-state', 'correct');
  await expect.poll(focusedTile).toBe('0/4 correct');
  await expect(tiles.first()).toHaveAttribute('data-state', 'absent');
  expect(await stopsWithoutRing(page)).toEqual([]);
});

test('Handle: type an idiom and Enter; the assistant by keyboard', async ({ page }) => {
  await openFromNav(page, '#/handle', { session: true });
  await tabTo(page, '#handle-input');
  // What an input method hands the box: whole characters.
  await page.keyboard.insertText('一心一意');
  await page.keyboard.press('Enter');
  await expect(page.locator('#handle-board .hrow')).toHaveCount(1);
  expect(await stopsWithoutRing(page)).toEqual([]);

  await page.goto('/#/handle');
  await tabTo(page, '#to-handle-assist');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/handle\/assist$/);
  await expect(page.locator('#hassist-left')).toHaveText('424 possible answers');
  await tabTo(page, '#hassist-word');
  await page.keyboard.insertText('瓮中捉鳖');
  await page.keyboard.press('Enter');
  const row = page.locator('.hassist-row').first();
  await expect(row.locator('[data-pos="1"][data-channel="1"]')).toHaveText('zh');
  // The tone of 瓮 from grey to orange with Enter (as handle_assist.spec.js taps it):
  // 21 answers are left.
  await tabTo(page, '.hassist-row [data-pos="0"][data-channel="3"]', { back: true });
  await page.keyboard.press('Enter');
  await expect(page.locator('#hassist-left')).toHaveText('21 possible answers');
  // The focus stays on the mark just changed, so the next press cycles it on.
  expect(await page.evaluate(() => document.activeElement.matches('[data-pos="0"][data-channel="3"]'))).toBe(true);
  expect(await stopsWithoutRing(page)).toEqual([]);
});

test('24: type the answer and Enter; a card and an operator by Space', async ({ page }) => {
  await openFromNav(page, '#/24');
  const cards = page.locator('#cards24 .card24');
  await expect(cards).toHaveCount(4);
  const numbers = await cards.allTextContents();
  const solved = await page.evaluate(async (ns) => {
    const r = await fetch('/api/v1/24/solve', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ numbers: ns }),
    });
    return r.json();
  }, numbers);
  // A card and an operator pressed from the keyboard write into the box.
  await tabTo(page, '#cards24 .card24');
  await page.keyboard.press('Space');
  await expect(page.locator('#expr24')).toHaveValue(numbers[0]);
  await tabTo(page, '.op24[data-op="+"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('#expr24')).toHaveValue(numbers[0] + '+');
  // Then the whole answer typed into the box over it, and Enter.
  await tabTo(page, '#expr24');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(solved.solutions[0].replace(/\s+/g, ''));
  await page.keyboard.press('Enter');
  await expect(page.locator('#message24')).toHaveAttribute('data-kind', 'solved');
  expect(await stopsWithoutRing(page)).toEqual([]);
});

test('2048: arrows move, Enter on Undo takes the move back, Space asks for a hint', async ({ page }) => {
  await openFromNav(page, '#/2048');
  await expect(page.locator('#board2048 .tile2048')).toHaveCount(2);
  // Each cell's own tile, not the ghosts of a merge still sliding under it.
  const cells = () => page.locator('#board2048 .cell2048').evaluateAll((cs) =>
    cs.map((c) => c.querySelector('.tile2048:not(.ghost)')?.textContent || '0').join(','));
  const start = await cells();
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/v1/sessions/'));
    await page.keyboard.press(key);
    await (await answered).finished();
    await expect(page.locator('#board2048 .slide, #board2048 .ghost, #board2048 .new')).toHaveCount(0);
    if ((await cells()) !== start) break;
  }
  expect(await cells()).not.toBe(start);
  await tabTo(page, '#undo');
  await page.keyboard.press('Enter');
  await expect.poll(cells).toBe(start);
  await tabTo(page, '#hint2048');
  await page.keyboard.press('Space');
  await expect(page.locator('#hint-lines li').first()).toContainText('the best move');
  // Arrows still move while the focus is on a button.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await expect.poll(cells).not.toBe(start);
  expect(await stopsWithoutRing(page)).toEqual([]);
});

test('Simulate: choose 2048 with the arrow keys, type the count, Enter on Run', async ({ page }) => {
  await openFromNav(page, '#/simulate');
  await tabTo(page, '#sim-game');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#sim-game')).toHaveValue('2048');
  await expect(page.locator('#sim-player')).toHaveValue('greedy');
  await tabTo(page, '#sim-games');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('20');
  await tabTo(page, '#sim-start');
  await page.keyboard.press('Enter');
  await expect(page.locator('#sim-summary')).toContainText('20 games', { timeout: 30_000 });
  await expect(page.locator('#sim-state')).toHaveText('done');
  expect(await stopsWithoutRing(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('keyboard-simulate.png'), fullPage: true });
});

test('Stats: reached from the nav, every stop shows its focus', async ({ page }) => {
  await openFromNav(page, '#/stats');
  await expect(page.locator('.stats-game').first()).toBeVisible();
  expect(await stopsWithoutRing(page)).toEqual([]);
});

// 2048 in the browser: keyboard and swipe moves, undo, a reload that resumes the game, and
// the slide / merge / new-tile animation (none when the system asks for reduced motion).
const { test, expect } = require('@playwright/test');

// The board as the player reads it: each cell's own tile, not the ghosts of a merge that
// are still sliding under it while the animation runs.
async function cells(page) {
  return page.locator('#board2048 .cell2048').evaluateAll((cs) =>
    cs.map((c) => c.querySelector('.tile2048:not(.ghost)')?.textContent || '0').join(','));
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

// The board the server holds for the page's game, as the cells() text gives it.
async function serverCells(page) {
  return page.evaluate(async () => {
    const id = localStorage.getItem('puzzlelab.session.2048');
    const s = await (await fetch('/api/v1/sessions/' + id)).json();
    return s.view.cells.map((v) => (v ? String(v) : '0')).join(',');
  });
}

// Records, from before a key press on, every tile that is given an animation class and
// the CSS animations it runs (names read while it has them).
async function watchAnimations(page) {
  await page.evaluate(() => {
    window.seenAnimations = [];
    const recorded = new WeakMap();  // tile -> the kinds already recorded for it
    const board = document.getElementById('board2048');
    new MutationObserver((records) => {
      for (const r of records) {
        const nodes = r.type === 'attributes' ? [r.target] : [...r.addedNodes].flatMap((n) => (n.querySelectorAll ? [n, ...n.querySelectorAll('.tile2048')] : []));
        for (const t of nodes) {
          if (!t.classList || !t.classList.contains('tile2048')) continue;
          if (!recorded.has(t)) recorded.set(t, new Set());
          for (const kind of ['slide', 'ghost', 'merged', 'new']) {
            if (t.classList.contains(kind) && !recorded.get(t).has(kind)) {
              recorded.get(t).add(kind);
              window.seenAnimations.push({ kind, animation: getComputedStyle(t).animationName, dx: t.style.getPropertyValue('--dx'), dy: t.style.getPropertyValue('--dy') });
            }
          }
        }
      }
    }).observe(board, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

// Plays arrows until one moves the board; returns the key.
async function playSomeMove(page) {
  const start = await cells(page);
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
    if (await moves(page, () => page.keyboard.press(key), start)) return key;
  }
  throw new Error('no arrow moved the board');
}

const animated = '#board2048 .slide, #board2048 .ghost, #board2048 .merged, #board2048 .new, #board2048 .moving';

test('a move slides the tiles, the new tile grows in, and the board ends as the server\'s', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the keyboard test runs at desktop size');
  await page.goto('/#/2048');
  await newGame(page);
  await watchAnimations(page);
  const key = await playSomeMove(page);
  // The move's tiles carried the slide (a transform from their old cell) and the new tile
  // its growing in; a two-tile start always slides some tile.
  const seen = await page.evaluate(() => window.seenAnimations);
  const slides = seen.filter((s) => s.kind === 'slide' || s.kind === 'ghost');
  expect(slides.length, `${key}: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
  for (const s of slides) {
    expect(s.animation).toBe('slide2048');
    expect(s.dx !== '0px' || s.dy !== '0px' || s.kind === 'ghost').toBe(true);
  }
  expect(seen.filter((s) => s.kind === 'new' && s.animation === 'appear')).toHaveLength(1);
  // After the animation nothing of it is left and the page shows the server's board.
  await expect(page.locator(animated)).toHaveCount(0);
  expect(await cells(page)).toBe(await serverCells(page));
  await page.screenshot({ path: test.info().outputPath('2048-after-move.png') });

  // Keys pressed faster than the animation: every move reaches the server in turn and the
  // page ends on the server's board, with one tile element per tile.
  const before = Number(await page.evaluate(async () => {
    const s = await (await fetch('/api/v1/sessions/' + localStorage.getItem('puzzlelab.session.2048'))).json();
    return s.view.moves;
  }));
  const answers = [];
  page.on('response', (r) => { if (r.request().method() === 'POST' && r.url().includes('/api/v1/sessions/')) answers.push(r); });
  for (let i = 0; i < 12; ++i) await page.keyboard.press(['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'][i % 4]);
  await expect.poll(() => answers.length).toBe(12);
  await Promise.all(answers.map((r) => r.finished()));
  await expect(page.locator(animated)).toHaveCount(0);
  const server = await serverCells(page);
  expect(await cells(page)).toBe(server);
  expect(await page.locator('#board2048 .tile2048').count()).toBe(server.split(',').filter((v) => v !== '0').length);
  const after = await page.evaluate(async () => {
    const s = await (await fetch('/api/v1/sessions/' + localStorage.getItem('puzzlelab.session.2048'))).json();
    return s.view.moves;
  });
  expect(after).toBeGreaterThan(before);
});

test('a merge pops the doubled tile over the two tiles sliding into it', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the keyboard test runs at desktop size');
  await page.goto('/#/2048');
  await newGame(page);
  // Moves until one merges (the score grows), watching every move's animation.
  await watchAnimations(page);
  let merged = false;
  for (let i = 0; i < 60 && !merged; ++i) {
    const scoreBefore = Number(await page.locator('#score').textContent());
    await page.evaluate(() => { window.seenAnimations = []; });
    await playSomeMove(page);
    await expect(page.locator(animated)).toHaveCount(0);
    merged = Number(await page.locator('#score').textContent()) > scoreBefore;
    if (merged) {
      const seen = await page.evaluate(() => window.seenAnimations);
      const pops = seen.filter((s) => s.kind === 'merged');
      expect(pops.length).toBeGreaterThan(0);
      for (const p of pops) expect(p.animation).toBe('hide2048, pop');
      // Two ghosts slide into each merged cell.
      expect(seen.filter((s) => s.kind === 'ghost')).toHaveLength(2 * pops.length);
    }
  }
  expect(merged).toBe(true);
  expect(await cells(page)).toBe(await serverCells(page));
});

test('with reduced motion the board changes without animation', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the keyboard test runs at desktop size');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/#/2048');
  await newGame(page);
  await watchAnimations(page);
  await playSomeMove(page);
  expect(await page.evaluate(() => window.seenAnimations)).toEqual([]);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  await expect(page.locator(animated)).toHaveCount(0);
  expect(await cells(page)).toBe(await serverCells(page));
  await page.screenshot({ path: test.info().outputPath('2048-reduced-motion.png') });
});

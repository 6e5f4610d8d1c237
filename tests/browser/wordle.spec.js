// Wordle in the browser: a win with the on-screen keyboard, a loss with the physical one,
// rejected words (toast, shake, no row used) and hard mode's rule. Each test gets a server
// of its own (the global setup's server.js, started again) so the statistics it checks
// start from nothing: Played 1 means this test's game.
const { test, expect } = require('./fixtures.js');

// The game flows run at desktop size (the phone check of this page is in phone.spec.js).
test.skip(({ isMobile }) => isMobile, 'the game flows run at desktop size');

// Starts a game with a known answer the way a page would, then lets the page resume it.
async function startWordle(page, site, options) {
  await page.goto(site + '/');
  await page.evaluate(async (opts) => {
    const r = await fetch('/api/v1/sessions', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'wordle', ...opts }),
    });
    if (!r.ok) throw new Error('cannot start: ' + (await r.text()));
    const s = await r.json();
    localStorage.setItem('puzzlelab.session.wordle', s.id);
  }, options);
  await page.goto(site + '/#/wordle');
  await page.reload();
  await expect(page.locator('#wordle-board .row')).toHaveCount(6);
  await expect(page.locator('#wordle-board .row').first().locator('.tile')).toHaveCount(5);
}

const row = (page, i) => page.locator('#wordle-board .row').nth(i);
const revealed = (page) => page.locator('#wordle-board .tile[data-state=correct], #wordle-board .tile[data-state=present], #wordle-board .tile[data-state=absent]');
const toast = (page, text) => page.locator('#toasts .toast', { hasText: text });

async function tileStates(page, i) {
  return row(page, i).locator('.tile').evaluateAll((ts) => ts.map((t) => `${t.textContent}:${t.dataset.state || ''}`));
}

async function clickWord(page, word) {
  for (const ch of word) await page.locator(`.key[data-key="${ch}"]`).click();
  await page.locator('.key[data-key="enter"]').click();
}

// Types a word on the physical keyboard and waits for its row to be revealed (the page
// ignores keys while a guess is on its way to the server).
async function typeWord(page, word, rowIndex) {
  await page.keyboard.type(word);
  await expect.poll(() => tileStates(page, rowIndex)).toEqual([...word].map((c) => `${c}:tbd`));
  await page.keyboard.press('Enter');
  await expect(row(page, rowIndex).locator('.tile[data-state=tbd]')).toHaveCount(0);
  await expect(row(page, rowIndex).locator('.tile:not([data-state])')).toHaveCount(0);
}

function figure(page, label) {
  return page.locator('#wordle-stats .wordle-figures > div').filter({ has: page.locator(`span:text-is("${label}")`) }).locator('b');
}

test('win with the on-screen keyboard: tiles, key colours, statistics', async ({ page, site }) => {
  await startWordle(page, site, { word: 'cigar' });
  await expect(page.locator('#wordle-stats')).toBeHidden();

  await clickWord(page, 'crane');
  // crane against cigar: c in place, r and a elsewhere, n and e not in the word.
  await expect.poll(() => tileStates(page, 0)).toEqual(['c:correct', 'r:present', 'a:present', 'n:absent', 'e:absent']);
  await expect(page.locator('.key[data-key="c"]')).toHaveAttribute('data-state', 'correct');
  await expect(page.locator('.key[data-key="r"]')).toHaveAttribute('data-state', 'present');
  await expect(page.locator('.key[data-key="a"]')).toHaveAttribute('data-state', 'present');
  await expect(page.locator('.key[data-key="n"]')).toHaveAttribute('data-state', 'absent');
  await expect(page.locator('.key[data-key="e"]')).toHaveAttribute('data-state', 'absent');
  await expect(page.locator('.key[data-key="i"]')).not.toHaveAttribute('data-state', /./);
  await expect(page.locator('.key[data-state]')).toHaveCount(5);
  await expect(revealed(page)).toHaveCount(5);

  await clickWord(page, 'cigar');
  await expect.poll(() => tileStates(page, 1)).toEqual(['c:correct', 'i:correct', 'g:correct', 'a:correct', 'r:correct']);
  await expect(page.locator('.key[data-key="r"]')).toHaveAttribute('data-state', 'correct');
  await expect(toast(page, 'Magnificent')).toBeVisible();
  await expect(page.locator('#wordle-stats')).toBeVisible();
  await expect(figure(page, 'Played')).toHaveText('1');
  await expect(figure(page, 'Win %')).toHaveText('100');
  await expect(figure(page, 'Current Streak')).toHaveText('1');
  await expect(figure(page, 'Max Streak')).toHaveText('1');
  const dist = page.locator('#wordle-dist .dist-bar');
  await expect(dist).toHaveCount(6);
  await expect(dist).toHaveText(['0', '1', '0', '0', '0', '0']);
  await expect(dist.nth(1)).toHaveClass(/current/);
  // The finished game no longer takes keys.
  await page.locator('.key[data-key="q"]').click();
  await expect(row(page, 2).locator('.tile').first()).toHaveText('');
  await page.screenshot({ path: test.info().outputPath('wordle-won.png') });
});

test('lose with the physical keyboard: the answer is shown', async ({ page, site }) => {
  await startWordle(page, site, { word: 'cigar' });
  const guesses = ['crane', 'slate', 'pound', 'moist', 'lucky', 'bevel'];
  for (const [i, w] of guesses.entries()) {
    await typeWord(page, w, i);
    await expect(revealed(page)).toHaveCount(5 * (i + 1));
  }
  await expect(page.locator('#toasts .toast', { hasText: /^CIGAR$/ })).toBeVisible();
  await expect(page.locator('#wordle-stats')).toBeVisible();
  await expect(figure(page, 'Played')).toHaveText('1');
  await expect(figure(page, 'Win %')).toHaveText('0');
  await expect(figure(page, 'Current Streak')).toHaveText('0');
  await expect(page.locator('#wordle-dist .dist-bar')).toHaveText(['0', '0', '0', '0', '0', '0']);
  // No toast ever said a guess was refused.
  await expect(toast(page, 'word list')).toHaveCount(0);
});

test('a word not in the list and a short word are refused without using a row', async ({ page, site }) => {
  await startWordle(page, site, { word: 'cigar' });
  await page.keyboard.type('xxxxx');
  await expect.poll(() => tileStates(page, 0)).toEqual(Array(5).fill('x:tbd'));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Not in word list')).toBeVisible();
  await expect(row(page, 0)).toHaveClass(/\bshake\b/);
  await expect(revealed(page)).toHaveCount(0);
  expect(await tileStates(page, 0)).toEqual(Array(5).fill('x:tbd'));
  await expect(page.locator('.key[data-state]')).toHaveCount(0);

  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  await expect.poll(() => tileStates(page, 0)).toEqual(Array(5).fill(':'));
  await page.keyboard.type('cra');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Not enough letters')).toBeVisible();
  await expect(row(page, 0)).toHaveClass(/\bshake\b/);
  await expect(revealed(page)).toHaveCount(0);

  // The first row is still the one a good word goes to.
  await page.keyboard.type('ne');
  await page.keyboard.press('Enter');
  await expect.poll(() => tileStates(page, 0)).toEqual(['c:correct', 'r:present', 'a:present', 'n:absent', 'e:absent']);
  await expect(revealed(page)).toHaveCount(5);
});

test('hard mode refuses a guess that ignores a revealed letter', async ({ page, site }) => {
  await startWordle(page, site, { word: 'cigar', hard: true });
  await expect(page.locator('#wordle-hard')).toBeChecked();
  await typeWord(page, 'crane', 0);
  await expect(page.locator('#wordle-hard')).toBeDisabled();
  await page.keyboard.type('pound');
  await page.keyboard.press('Enter');
  // The library's rule: a green letter must stay where it is (NYT's message).
  await expect(toast(page, '1st letter must be C')).toBeVisible();
  await expect(row(page, 1)).toHaveClass(/\bshake\b/);
  await expect(revealed(page)).toHaveCount(5);
  // A guess that keeps the C but drops the R and A is refused too.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  await typeWordExpectRefused(page, 'could', 'Guess must contain R');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  await typeWord(page, 'cigar', 1);
  await expect.poll(() => tileStates(page, 1)).toEqual(['c:correct', 'i:correct', 'g:correct', 'a:correct', 'r:correct']);
});

async function typeWordExpectRefused(page, word, message) {
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  await expect(toast(page, message)).toBeVisible();
}

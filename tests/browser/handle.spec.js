// 汉兜 Handle in the browser: Chinese text typed into the box (what an input method
// delivers), pinyin drawn with tone marks above each character, the marks of each part,
// the two hints, a refused input that uses no try, and the day-1 puzzle solved.
const base = require('@playwright/test');

const { test } = base;
// Playwright's default of 5 s is short on a machine shared with compilers.
const expect = base.expect.configure({ timeout: 10_000 });

test.skip(({ isMobile }) => isMobile, 'the game flow runs at desktop size');

// Day 1 of the game's calendar is 2022-01-01; its answer is 路不拾遗 and its hint
// character 遗 (yí), as in tests/handle/play_day1.golden.
const DAY1 = '2022-01-01';
const ANSWER = '路不拾遗';

async function startHandle(page, options) {
  await page.goto('/');
  await page.evaluate(async (opts) => {
    const r = await fetch('/api/v1/sessions', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'handle', ...opts }),
    });
    if (!r.ok) throw new Error('cannot start: ' + (await r.text()));
    const s = await r.json();
    localStorage.setItem('puzzlelab.session.handle', s.id);
  }, options);
  await page.goto('/#/handle');
  await page.reload();
  await expect(page.locator('#handle-input')).toBeEnabled();
  await expect(page.locator('#handle-hint-btn')).toBeEnabled();
}

// Each block's marks as "char/initial/final/tone".
async function marks(row) {
  return row.locator('.hblock').evaluateAll((bs) => bs.map((b) => [
    b.dataset.mark,
    b.querySelector('.py-i')?.dataset.mark,
    b.querySelector('.py-f')?.dataset.mark,
    b.querySelector('.py-t')?.dataset.mark,
  ].join('/')));
}

test('Chinese guesses, pinyin with tone marks, hints, a refused input, the day-1 answer', async ({ page }) => {
  await startHandle(page, { date: DAY1 });
  const rows = page.locator('#handle-board .hrow');
  await expect(rows).toHaveCount(0);
  const input = page.locator('#handle-input');

  // An input method hands the box whole characters.
  await input.fill('一心一意');
  await input.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(input).toHaveValue('');
  const first = rows.first();
  const blocks = first.locator('.hblock');
  await expect(blocks).toHaveCount(4);
  await expect(blocks.locator('.hchar')).toHaveText(['一', '心', '一', '意']);
  await expect(blocks.locator('.py')).toHaveCount(4);
  // Against 路不拾遗 (lù bù shí yí), as `puzzlelab handle play --day 1` marks it:
  // NNNN NNNN NNEN NEEM.
  expect(await marks(first)).toEqual([
    'none/none/none/none', 'none/none/none/none', 'none/none/exact/none', 'none/exact/exact/misplaced']);
  // The pinyin sits above its character.
  for (let i = 0; i < 4; i++) {
    const py = await blocks.nth(i).locator('.py').boundingBox();
    const ch = await blocks.nth(i).locator('.hchar').boundingBox();
    expect(py.y + py.height).toBeLessThanOrEqual(ch.y + 1);
  }
  // Tones are drawn as marks over the vowel, not as digits: yī xīn yī yì.
  await expect(blocks.locator('.py-t')).toHaveCount(4);
  expect(await blocks.locator('.py-t').evaluateAll((ts) => ts.map((t) => t.dataset.tone))).toEqual(['1', '1', '1', '4']);
  // Each mark is a tone glyph (a spacing ˉ ˊ ˇ ˋ or a combining one), never a digit...
  const T1 = '[\u02C9\u0304]';
  const T4 = '[\u02CB\u0300]';
  await expect(blocks.locator('.py-t')).toHaveText([new RegExp(`^\\s*${T1}$`), new RegExp(`^\\s*${T1}$`),
    new RegExp(`^\\s*${T1}$`), new RegExp(`^\\s*${T4}$`)]);
  await expect(blocks.locator('.py')).toHaveText([new RegExp(`^yı\\s*${T1}$`), new RegExp(`^xı\\s*${T1}n$`),
    new RegExp(`^yı\\s*${T1}$`), new RegExp(`^yı\\s*${T4}$`)]);
  for (const text of await blocks.locator('.py').allTextContents()) expect(text).not.toMatch(/\d/);
  // ... drawn over its vowel: centred on it and higher than it.
  for (let i = 0; i < 4; i++) {
    const vowel = await blocks.nth(i).locator('.py-v').boundingBox();
    const mark = await blocks.nth(i).locator('.py-t').boundingBox();
    expect(mark.width).toBeGreaterThan(0);
    expect(mark.x + mark.width / 2).toBeGreaterThanOrEqual(vowel.x);
    expect(mark.x + mark.width / 2).toBeLessThanOrEqual(vowel.x + vowel.width);
    expect(mark.y + mark.height / 2).toBeLessThan(vowel.y + vowel.height / 2);
  }

  // The first hint gives a sound (yí), the second the character (遗).
  const hint = page.locator('#handle-hint');
  await expect(hint).toBeEmpty();
  await page.locator('#handle-hint-btn').click();
  await expect(hint).toContainText('The answer has a character read');
  await expect(hint.locator('.py')).toBeVisible();
  await expect(hint.locator('.py-i')).toHaveText('y');
  await expect(hint.locator('.py-t')).toHaveAttribute('data-tone', '2');
  await expect(hint.locator('b')).toHaveCount(0);
  await page.locator('#handle-hint-btn').click();
  await expect(hint).toContainText('The answer contains');
  await expect(hint.locator('b')).toHaveText('遗');
  await expect(hint.locator('b')).toHaveText(/^\p{Script=Han}$/u);

  // Latin letters are refused with a toast and use no try; so is a short idiom.
  await input.click();
  await page.keyboard.insertText('abcd');
  await page.keyboard.press('Enter');
  await expect(page.locator('#toasts .toast', { hasText: 'not a Chinese character' })).toBeVisible();
  await expect(page.locator('form.handle-form')).toHaveClass(/\bshake\b/);
  await expect(rows).toHaveCount(1);
  await input.fill('一心一');
  await input.press('Enter');
  await expect(page.locator('#toasts .toast', { hasText: 'has 3 characters: type exactly four' })).toBeVisible();
  await expect(rows).toHaveCount(1);

  await input.fill('');
  await input.click();
  await page.keyboard.insertText(ANSWER);
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  // Two guesses: the refused inputs and the hints took no try.
  await expect(page.locator('#handle-status')).toHaveText('Solved! 2/10');
  const last = rows.last().locator('.hblock');
  await expect(last.locator('.hchar')).toHaveText([...ANSWER]);
  await expect(last).toHaveCount(4);
  for (let i = 0; i < 4; i++) await expect(last.nth(i)).toHaveClass(/\ball-exact\b/);
  expect(await marks(rows.last())).toEqual(Array(4).fill('exact/exact/exact/exact'));
  await expect(input).toBeDisabled();
  await expect(page.locator('#handle-hint-btn')).toBeDisabled();
  await expect(page.locator('#handle-share')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('handle-solved.png') });
});

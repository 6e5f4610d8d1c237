// The Wordle assistant page's optimal line: the optimal player's choice for the entries,
// computed as a job on a fresh server, shown with a spinner while it runs and then as
// the same guess and mean as `puzzlelab wordle assist --player optimal`; a newer entry
// and leaving the page cancel the job still running (the server says "cancelled").
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect } = require('./fixtures.js');

test.skip(({ isMobile }) => isMobile, 'the assistant flow runs at desktop size');

// The terminal's optimal choice for the entries ("crane:Y...G").
function terminalChoice(entries) {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzlelab-optimal-'));
  try {
    const out = execFileSync(process.env.PUZZLELAB,
      ['--state-dir', state, '--json', 'wordle', 'assist', '--player', 'optimal', ...entries], { encoding: 'utf8' });
    return JSON.parse(out).next;
  } finally {
    fs.rmSync(state, { recursive: true, force: true });
  }
}

test('the optimal line follows the entries and its job is cancelled when they change or the page goes', async ({ page, site }) => {
  test.setTimeout(180_000);
  const deleted = [];
  page.on('request', (r) => {
    const m = r.url().match(/\/api\/v1\/jobs\/([0-9a-f]{32})$/);
    if (m && r.method() === 'DELETE') deleted.push(m[1]);
  });
  const jobState = async (id) => (await (await page.request.get(`${site}/api/v1/jobs/${id}`)).json()).state;
  // The answer to the page's request for the optimal choice after `row` (the last entry).
  const optimalPost = (row) => page.waitForResponse((r) => r.url().endsWith('/api/v1/wordle/assist/optimal') &&
    r.request().method() === 'POST' && (r.request().postDataJSON().rows || []).at(-1) === row);
  const line = page.locator('#assist-optimal');
  const word = page.locator('#assist-word');
  const enter = async (w) => {
    const posted = optimalPost(`${w} .....`);
    await word.fill(w);
    await word.press('Enter');
    return (await (await posted).json()).id;
  };

  await page.goto(site + '/#/wordle/assist');
  await expect(page.locator('#assist-left')).toHaveText('2315 possible answers');

  // FUZZY with no colour leaves 1352 answers: minutes of solving, so its job is running
  // with the spinner shown when Undo changes the entries.
  const fuzzy = await enter('fuzzy');
  await expect(page.locator('#assist-left')).toHaveText('1352 possible answers');
  await expect(line).toContainText('optimal: computing');
  await expect(line.locator('.spinner')).toBeVisible();
  await page.locator('#assist-undo').click();
  await expect.poll(() => deleted.includes(fuzzy)).toBe(true);
  await expect.poll(() => jobState(fuzzy), { timeout: 20_000 }).toBe('cancelled');

  // CRANE, its C tapped to yellow and its E to green, leaves 9 answers: the line shows the
  // terminal's choice for the same entry (each tap started a job; the last one stays).
  await enter('crane');
  const tiles = page.locator('.assist-row').nth(0).locator('.tile');
  await tiles.nth(0).click();
  await tiles.nth(4).click();
  await tiles.nth(4).click();
  await expect(page.locator('#assist-left')).toHaveText('9 possible answers');
  const want = terminalChoice(['crane:Y...G']);
  await expect(line).toHaveText(`optimal: ${want.guess.toUpperCase()} — ${want.expected_guesses.toFixed(2)} guesses on average`,
    { timeout: 60_000 });
  await expect(line.locator('.spinner')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('wordle-assist-optimal.png') });

  // Leaving the page cancels the job still running.
  await page.locator('#assist-undo').click();
  const again = await enter('fuzzy');
  await expect(line).toContainText('optimal: computing');
  await page.goto(site + '/#/wordle');
  await expect(page.locator('#assist-optimal')).toHaveCount(0);
  await expect.poll(() => deleted.includes(again)).toBe(true);
  await expect.poll(() => jobState(again), { timeout: 20_000 }).toBe('cancelled');
});

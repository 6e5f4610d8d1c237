// Your statistics: games finished through the API (as the game pages do) show up on the
// #/stats page. The test gets a server of its own (the global setup's server.js, started
// again), so every counter it reads comes from the games it played.
const { test, expect } = require('./fixtures.js');

test.skip(({ isMobile }) => isMobile, 'the game flows run at desktop size');

// Plays, from the page, every game the test needs; returns each input's outcome kind.
async function playGames(page) {
  return page.evaluate(async () => {
    const call = async (method, path, body) => {
      const r = await fetch('/api/v1' + path, {
        method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body),
      });
      const j = await r.json();
      if (!r.ok) throw new Error(`${method} ${path}: ${j.error}`);
      return j;
    };
    const kinds = [];
    const play = async (options, inputs) => {
      const s = await call('POST', '/sessions', options);
      let last = s;
      for (const input of inputs) {
        last = await call('POST', '/sessions/' + s.id, typeof input === 'function' ? input(last) : input);
        kinds.push(last.outcome.kind);
      }
      return last;
    };
    // Wordle: won in 2, then lost in 6.
    await play({ game: 'wordle', word: 'cigar' }, ['crane', 'cigar'].map((word) => ({ action: 'guess', word })));
    await play({ game: 'wordle', word: 'cigar' },
      ['crane', 'slate', 'pound', 'moist', 'lucky', 'bevel'].map((word) => ({ action: 'guess', word })));
    // Handle: day 1 solved in 2.
    await play({ game: 'handle', date: '2022-01-01' }, ['一心一意', '路不拾遗'].map((idiom) => ({ action: 'guess', idiom })));
    // 24: one hand solved, the next given up.
    const s24 = await call('POST', '/sessions', { game: '24' });
    const sol = await call('POST', '/24/solve', { numbers: s24.view.hand });
    kinds.push((await call('POST', '/sessions/' + s24.id, { action: 'answer', expression: sol.solutions[0] })).outcome.kind);
    kinds.push((await call('POST', '/sessions/' + s24.id, { action: 'give_up' })).outcome.kind);
    return kinds;
  });
}

function figure(page, game, label) {
  return page.locator(`.stats-game[data-game="${game}"] dt:text-is("${label}") + dd`);
}

test('the statistics page counts the games played', async ({ page, site }) => {
  await page.goto(site + '/#/stats');
  await expect(page.locator('.stats-game')).toHaveCount(4);
  for (const game of ['wordle', 'handle', '24', '2048']) await expect(figure(page, game, 'Played')).toHaveText('0');

  const kinds = await playGames(page);
  expect(kinds).toEqual(['accepted', 'won', 'accepted', 'accepted', 'accepted', 'accepted', 'accepted', 'lost',
    'accepted', 'won', 'solved', 'gave_up']);

  await page.reload();
  await expect(page.locator('.stats-game')).toHaveCount(4);
  await expect(page.locator('.stats-game h2')).toHaveText(['Wordle', '汉兜 Handle', '24', '2048']);
  // Wordle: a win then a loss.
  await expect(figure(page, 'wordle', 'Played')).toHaveText('2');
  await expect(figure(page, 'wordle', 'Win %')).toHaveText('50');
  await expect(figure(page, 'wordle', 'Current streak')).toHaveText('0');
  await expect(figure(page, 'wordle', 'Max streak')).toHaveText('1');
  // Handle: one win.
  await expect(figure(page, 'handle', 'Played')).toHaveText('1');
  await expect(figure(page, 'handle', 'Win %')).toHaveText('100');
  await expect(figure(page, 'handle', 'Current streak')).toHaveText('1');
  // 24: a solved hand, then one given up.
  await expect(figure(page, '24', 'Played')).toHaveText('2');
  await expect(figure(page, '24', 'Win %')).toHaveText('50');
  await expect(figure(page, '24', 'Current streak')).toHaveText('0');
  await expect(figure(page, '24', 'Max streak')).toHaveText('1');
  // 2048: none.
  await expect(figure(page, '2048', 'Played')).toHaveText('0');
  await page.screenshot({ path: test.info().outputPath('stats.png'), fullPage: true });
});

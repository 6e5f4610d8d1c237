// Simulate: a small simulation runs on the server, its progress streams to the page and
// its result is drawn as an SVG chart; a long one can be cancelled from the page.
const { test, expect } = require('./fixtures.js');

test.skip(({ isMobile }) => isMobile, 'the game flows run at desktop size');

// Runs 100 games of the greedy 2048 player from the page, to their summary.
async function runGreedy2048(page, site) {
  await page.goto(site + '/#/simulate');
  await page.locator('#sim-game').selectOption('2048');
  await page.locator('#sim-player').selectOption('greedy');
  await page.locator('#sim-games').fill('100');
  await page.locator('#sim-start').click();
  await expect(page.locator('#sim-summary')).toContainText('100 games', { timeout: 30_000 });
  await expect(page.locator('#sim-state')).toHaveText('done');
}

test('a small 2048 simulation draws its chart', async ({ page, site }) => {
  await runGreedy2048(page, site);
  // The first chart's bars count every game once.
  const counts = await page.locator('#sim-out svg.chart').first().locator('rect.bar')
    .evaluateAll((bars) => bars.map((b) => Number(b.dataset.count)));
  expect(counts.length).toBeGreaterThan(1);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(100);
  await expect(page.locator('#sim-download')).toHaveAttribute('download', /2048-greedy-sim\.json/);
  await page.screenshot({ path: test.info().outputPath('simulate.png'), fullPage: true });
});

test('a Wordle simulation reports its first guess, and a long run can be cancelled', async ({ page, site }) => {
  // The entropy player's first guess is a search over every guess: seconds in the
  // sanitizer build.
  test.setTimeout(240_000);
  await page.goto(site + '/#/simulate');
  await page.locator('#sim-player').selectOption('entropy');
  await page.locator('#sim-games').fill('30');
  await page.locator('#sim-start').click();
  await expect(page.locator('#sim-summary')).toContainText('first guess SOARE', { timeout: 180_000 });
  const counts = await page.locator('#sim-out svg.chart rect.bar').evaluateAll((bars) => bars.map((b) => Number(b.dataset.count)));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
  // Fifty expectimax games take minutes: Cancel stops them.
  await page.locator('#sim-game').selectOption('2048');
  await page.locator('#sim-player').selectOption('expectimax');
  await page.locator('#sim-games').fill('50');
  await page.locator('#sim-start').click();
  await expect(page.locator('#sim-state')).toContainText('running');
  await page.locator('#sim-cancel').click();
  await expect(page.locator('#sim-state')).toHaveText('cancelled', { timeout: 30_000 });
  await expect(page.locator('#sim-summary')).toHaveCount(0);
});

test('a simulation whose event stream is refused is followed by asking', async ({ page, site }) => {
  // The server refuses a stream beyond its limit with a 429 (the browser does not retry
  // it): the page must still show the progress and the result, and leaving the page must
  // cancel the job as closing the stream would.
  await page.route('**/api/v1/jobs/*/events', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"too many event streams are open"}' }));
  await runGreedy2048(page, site);
  await page.locator('#sim-game').selectOption('2048');
  await page.locator('#sim-player').selectOption('expectimax');
  await page.locator('#sim-games').fill('50');
  const started = page.waitForResponse((r) => r.url().endsWith('/api/v1/jobs') && r.request().method() === 'POST');
  await page.locator('#sim-start').click();
  const job = (await (await started).json()).id;
  await expect(page.locator('#sim-state')).toContainText('running', { timeout: 30_000 });
  await page.evaluate(() => { location.hash = '#/stats'; });
  await expect.poll(async () => (await (await page.request.get(`${site}/api/v1/jobs/${job}`)).json()).state,
    { timeout: 30_000 }).toBe('cancelled');
});

// The 24-point game in the browser: a dealt hand solved by clicking cards and operators,
// a typed wrong answer, and the solver page. The test gets a server of its own (the global
// setup's server.js, started again): the score line carries the store's past hands, so
// "solved 1" means this test's hand.
const { test, expect } = require('./fixtures.js');

test.skip(({ isMobile }) => isMobile, 'the game flows run at desktop size');

async function hand(page) {
  await expect(page.locator('#cards24 .card24')).toHaveCount(4);
  return page.locator('#cards24 .card24').allTextContents();
}

test('solve the dealt hand by clicking cards and operators', async ({ page, site }) => {
  await page.goto(site + '/#/24');
  const numbers = await hand(page);
  expect(numbers.every((n) => /^\d+$/.test(n))).toBe(true);
  await expect(page.locator('#score24')).toContainText('solved 0 of 0');
  await expect(page.locator('#score24')).toContainText('Hand 1');

  const solved = await page.evaluate(async (ns) => {
    const r = await fetch('/api/v1/24/solve', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ numbers: ns }),
    });
    return r.json();
  }, numbers);
  expect(solved.exact).toBe(true);
  const solution = solved.solutions[0];
  const tokens = solution.match(/\d+|[-+*/()]/g);
  expect(tokens.join('')).toBe(solution.replace(/\s+/g, ''));

  for (const t of tokens) {
    if (/^\d+$/.test(t)) {
      await page.locator('#cards24 .card24:not([disabled])', { hasText: new RegExp(`^${t}$`) }).first().click();
    } else {
      await page.locator(`.op24[data-op="${t}"]`).click();
    }
  }
  // Every card used once, each greyed out; the expression is the one clicked.
  await expect(page.locator('#cards24 .card24[disabled]')).toHaveCount(4);
  await expect(page.locator('#cards24 .card24.used')).toHaveCount(4);
  await expect(page.locator('#expr24')).toHaveValue(tokens.join(''));
  await page.locator('#submit24').click();
  await expect(page.locator('#message24')).toHaveAttribute('data-kind', 'solved');
  await expect(page.locator('#message24')).toContainText(/^Solved: .+ = 24/);
  await expect(page.locator('#score24')).toContainText('solved 1 of 1');
  await expect(page.locator('#score24')).toContainText('Hand 2');
  // A fresh hand, nothing used, the box cleared.
  await expect(page.locator('#cards24 .card24[disabled]')).toHaveCount(0);
  await expect(page.locator('#expr24')).toHaveValue('');

  await page.screenshot({ path: test.info().outputPath('24-solved.png') });
});

// Types, on the physical keyboard, an expression with the hand's four numbers whose value
// is not 24; returns it and its value.
async function typeWrongAnswer(page) {
  const [a, b, c, d] = (await hand(page)).map(Number);
  const candidates = [
    [`${a}+${b}+${c}+${d}`, a + b + c + d],
    [`${a}*${b}*${c}*${d}`, a * b * c * d],
    [`${a}*${b}+${c}+${d}`, a * b + c + d],
    [`${a}+${b}+${c}-${d}`, a + b + c - d],
  ];
  const [expr, value] = candidates.find(([, v]) => v !== 24);
  await page.locator('#expr24').fill('');
  await page.locator('#expr24').click();
  await page.keyboard.type(expr);
  await page.keyboard.press('Enter');
  await expect(page.locator('#message24')).toHaveAttribute('data-kind', 'rejected');
  return { expr, value };
}

test('a typed answer with the right numbers and the wrong value says what it makes', async ({ page, site }) => {
  await page.goto(site + '/#/24');
  const before = await hand(page);
  const { value } = await typeWrongAnswer(page);
  await expect(page.locator('#message24')).toContainText(`makes ${value}, not 24`);
  await expect(page.locator('#message24')).toContainText(/ · \d+ tries left$/);
  // The same hand stays, no hand is counted.
  expect(await hand(page)).toEqual(before);
  await expect(page.locator('#score24')).toContainText('Hand 1');
  await expect(page.locator('#score24')).toContainText('solved 0 of 0');
});

test('the wrong-answer message names the typed expression', async ({ page, site }) => {
  await page.goto(site + '/#/24');
  const { expr, value } = await typeWrongAnswer(page);
  await expect(page.locator('#message24')).toContainText(new RegExp(`^${expr.replace(/[+*]/g, '\\$&')} makes ${value}, not 24`));
  await expect(page.locator('#message24')).not.toContainText('undefined');
});

test('the score line and the message agree on the tries left', async ({ page, site }) => {
  await page.goto(site + '/#/24');
  await typeWrongAnswer(page);
  const left = (await page.locator('#message24').textContent()).match(/(\d+) tries? left/)[1];
  await expect(page.locator('#score24')).toContainText(`tries left ${left} `);
});

test('the solver page lists the one distinct solution of 3 3 8 8', async ({ page, site }) => {
  await page.goto(site + '/#/24/solve');
  await expect(page.locator('#solve-numbers')).toHaveValue('3 3 8 8');
  await expect(page.locator('#solve-count')).toHaveText('1 distinct solution');
  await expect(page.locator('#solve-out li')).toHaveText(['8/(3-8/3) = 24']);
  // Another set typed in: four ones make no 24 at all.
  await page.locator('#solve-numbers').fill('1 1 1 1');
  await page.locator('#solve-run').click();
  await expect(page.locator('#solve-count')).toHaveText('No solution');
  await expect(page.locator('#solve-out li')).toHaveCount(0);
});

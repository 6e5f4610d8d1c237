// What the game-flow tests share: an `expect` with a longer wait (Playwright's default of
// 5 s is short on a machine shared with compilers) and a `site` fixture, the address of a
// server started for one test alone (the global setup's server.js, started again), so
// the statistics a test checks come only from the games it played.
const base = require('@playwright/test');
const startServer = require('./server.js');

const expect = base.expect.configure({ timeout: 10_000 });
const test = base.test.extend({
  site: async ({}, use) => {
    const saved = { url: process.env.PUZZLELAB_URL, state: process.env.PUZZLELAB_STATE };
    const stop = await startServer();
    const url = process.env.PUZZLELAB_URL.replace(/\/$/, '');
    process.env.PUZZLELAB_URL = saved.url;
    process.env.PUZZLELAB_STATE = saved.state;
    await use(url);
    await stop();
  },
});

module.exports = { test, expect };

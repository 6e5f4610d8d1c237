// Playwright drives Debian's chromium (no browser download): the server under test is
// started by the global setup on a free port with a fresh state folder.
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
  testDir: '.',
  testMatch: '*.spec.js',
  timeout: 60_000,
  workers: 1,
  // One retry: the suite runs beside other tests on a loaded CI machine, where a page can
  // miss a short wait. A test that passes only on its retry is listed as flaky.
  retries: 1,
  reporter: [['list']],
  outputDir: process.env.PUZZLELAB_ARTIFACTS || 'test-results',
  globalSetup: require.resolve('./server.js'),
  use: {
    baseURL: process.env.PUZZLELAB_URL,
    screenshot: 'on',
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true } },
  ],
});

// Global setup: starts `puzzlelab serve --port 0` with a fresh state folder and hands the
// printed address to the tests; the returned function stops it (SIGTERM) at the end.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async function globalSetup() {
  const binary = process.env.PUZZLELAB;
  if (!binary) throw new Error('set PUZZLELAB to the puzzlelab binary');
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzlelab-browser-'));
  const child = spawn(binary, ['--state-dir', state, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start: ' + out)), 10_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error('the server exited with ' + code + ': ' + out)));
  });
  process.env.PUZZLELAB_URL = url;
  process.env.PUZZLELAB_STATE = state;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
    fs.rmSync(state, { recursive: true, force: true });
  };
};

// Watch an AI player solve a Handle puzzle: the server plays the game (a watch job with
// "game": "handle"), and the page reveals the player's guesses row by row on a Handle
// board, each character's initial, final and tone coloured as the game page draws them,
// with the answers left after each guess, then the result.
import { api, followJob } from './api.js';
import { block, ZH } from './handle.js';
import { el, showError } from './ui.js';

const T = ZH
  ? { title: '观看 AI 玩家', player: '玩家', idiom: '答案', any: '随机答案', start: '开始', back: '自己玩汉兜',
      help: '服务器上的 AI 玩家猜一个成语（留空：随机选一个每日题目的答案），每一步都画在汉兜棋盘上。',
      row: (r) => `${r.idiom}：剩余 ${r.left_before} 个可能 → ${r.left_after}`,
      solved: (r) => `${r.player} 用 ${r.tries} 次猜中「${r.answer.idiom}」`,
      failed: (r) => `${r.player} 没有猜中「${r.answer.idiom}」` }
  : { title: 'Watch an AI player', player: 'Player', idiom: 'Answer', any: 'any answer', start: 'Watch', back: 'Play Handle yourself',
      help: 'An AI player on the server guesses an idiom (empty: a random answer of the daily puzzles); each guess is drawn on a Handle board.',
      row: (r) => `${r.idiom}: ${r.left_before} possible → ${r.left_after}`,
      solved: (r) => `${r.player} found ${r.answer.idiom} in ${r.tries}`,
      failed: (r) => `${r.player} did not find ${r.answer.idiom}` };
const PLAYERS = ['entropy', 'frequency', 'random'];
const STEP_MS = 1500;  // between two guesses shown

export function mount(main) {
  const player = el('select', { id: 'hwatch-player', 'aria-label': T.player },
    ...PLAYERS.map((p) => el('option', { value: p, text: p })));
  const idiom = el('input', { id: 'hwatch-idiom', type: 'text', lang: 'zh', autocomplete: 'off', placeholder: T.any,
    'aria-label': `${T.idiom} (${T.any})` });
  const board = el('div', { class: 'handle-board', id: 'hwatch-board' });
  const log = el('ol', { class: 'watch-log', id: 'hwatch-log' });
  let source = null;
  let timers = [];

  // Stops the stream and the rows still to be shown (a new game, or leaving the page).
  function stop() {
    if (source) source.close();
    source = null;
    timers.forEach(clearTimeout);
    timers = [];
  }

  function show(r) {
    r.rows.forEach((row, i) => timers.push(setTimeout(() => {
      board.append(el('div', { class: 'hrow' }, ...row.chars.map((c) => block(c, c.marks))));
      log.append(el('li', { text: T.row(row) }));
      if (i < r.rows.length - 1) return;
      if (!r.solved) board.append(el('div', { class: 'hrow answer' }, ...r.answer.chars.map((c) => block(c, null))));
      log.append(el('li', { id: 'hwatch-result', class: 'watch-result', text: r.solved ? T.solved(r) : T.failed(r) }));
    }, i * STEP_MS)));
  }

  async function watch() {
    stop();
    board.replaceChildren();
    log.replaceChildren();
    const body = { kind: 'watch', game: 'handle', player: player.value, seed: Math.floor(Math.random() * 1e9) };
    if (idiom.value.trim()) body.idiom = idiom.value.trim();
    let job;
    try {
      job = (await api('POST', '/jobs', body)).id;
    } catch (e) {
      showError(e);
      return;
    }
    const mine = followJob(job, {
      failed: (s) => showError(new Error(s.error)),
      done: (s) => { if (source === mine) show(s.result); },
    });
    source = mine;
  }

  main.append(el('section', { class: 'page-watch page-handle', lang: ZH ? 'zh' : 'en' },
    el('h1', { text: T.title }),
    el('p', { class: 'help', text: T.help }),
    el('form', { class: 'sim-form', onsubmit: (e) => { e.preventDefault(); watch(); } },
      el('label', {}, T.player + ' ', player), el('label', {}, T.idiom + ' ', idiom),
      el('button', { type: 'submit', id: 'hwatch-start', text: T.start })),
    board, log,
    el('p', {}, el('a', { href: '#/handle', text: T.back }))));
  return stop;
}

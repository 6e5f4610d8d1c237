// Wordle in the look of the NYT game: a 6×5 board with the flip reveal and the shake of a
// rejected word, the on-screen keyboard coloured by what is known, the physical keyboard,
// hard mode with NYT's messages (from the server's session), share, and statistics.
import { api, resumeOrStart, startNew } from './api.js';
import { el, showError, toast } from './ui.js';

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const MARK = { G: 'correct', Y: 'present', '.': 'absent' };
const WIN_WORDS = ['Genius', 'Magnificent', 'Impressive', 'Splendid', 'Great', 'Phew'];

export async function mount(main, sub) {
  if (sub === 'assist') return (await import('./wordle_assist.js')).mount(main);
  if (sub === 'watch') return (await import('./wordle_watch.js')).mount(main);
  let session = null;
  let typed = '';
  let busy = false;
  const board = el('div', { class: 'wordle-board', id: 'wordle-board', role: 'grid', 'aria-label': 'Wordle board' });
  const keyboard = el('div', { class: 'wordle-keyboard', id: 'wordle-keyboard', 'aria-label': 'Keyboard' });
  const hard = el('input', { type: 'checkbox', id: 'wordle-hard' });
  const stats = el('div', { class: 'wordle-stats', id: 'wordle-stats', hidden: true });
  main.append(el('section', { class: 'page-wordle' },
    el('div', { class: 'wordle-head' },
      el('h1', { text: 'Wordle' }), el('span', { class: 'wordle-tag', text: 'practice' }),
      el('label', { class: 'wordle-hard' }, hard, ' Hard mode'),
      el('button', { type: 'button', id: 'wordle-new', text: 'New word', onclick: () => newGame() })),
    board, keyboard, stats,
    el('p', {}, el('a', { href: '#/wordle/assist', id: 'to-assist', text: 'Playing the real Wordle? The assistant helps with your next guess' })),
    el('p', {}, el('a', { href: '#/wordle/watch', id: 'to-watch', text: 'Watch an AI player solve a word' }))));

  for (const [i, row] of ROWS.entries()) {
    const keys = [...row].map((k) => el('button', { type: 'button', class: 'key', 'data-key': k, text: k, onclick: () => press(k) }));
    if (i === 2) {
      keys.unshift(el('button', { type: 'button', class: 'key wide', 'data-key': 'enter', text: 'Enter', onclick: () => press('Enter') }));
      keys.push(el('button', { type: 'button', class: 'key wide', 'data-key': 'backspace', text: '⌫', 'aria-label': 'Backspace', onclick: () => press('Backspace') }));
    }
    keyboard.append(el('div', { class: 'key-row' }, ...keys));
  }

  function tile(letter, state, i) {
    const t = el('div', { class: 'tile', role: 'gridcell', text: letter || '' });
    if (state) {
      t.dataset.state = state;
      t.style.setProperty('--i', i);
    } else if (letter) {
      t.dataset.state = 'tbd';
    }
    return t;
  }

  function draw(reveal) {
    const v = session.view;
    board.style.setProperty('--len', v.length);
    board.replaceChildren();
    for (let r = 0; r < v.max_guesses; r++) {
      const row = el('div', { class: 'row', role: 'row' });
      const played = v.rows[r];
      for (let c = 0; c < v.length; c++) {
        if (played) row.append(tile(played.guess[c], MARK[played.pattern[c]], c));
        else if (r === v.rows.length && v.status === 'playing') row.append(tile(typed[c], null, c));
        else row.append(tile('', null, c));
      }
      if (reveal && r === v.rows.length - 1) row.classList.add('reveal');
      if (!reveal || r !== v.rows.length - 1) for (const t of row.children) t.style.animation = 'none';
      board.append(row);
    }
    for (const k of keyboard.querySelectorAll('.key[data-key]')) {
      const known = v.letters[k.dataset.key];
      if (known) k.dataset.state = known;
      else delete k.dataset.state;
    }
    hard.checked = v.hard;
    hard.disabled = v.rows.length > 0 && v.status === 'playing';
  }

  function shake() {
    const row = board.children[session.view.rows.length];
    if (!row) return;
    row.classList.remove('shake');
    void row.offsetWidth;
    row.classList.add('shake');
  }

  async function submit() {
    const v = session.view;
    if (typed.length < v.length) {
      toast('Not enough letters');
      shake();
      return;
    }
    busy = true;
    try {
      const r = await api('POST', '/sessions/' + session.id, { action: 'guess', word: typed });
      if (r.outcome.kind === 'rejected') {
        toast(r.outcome.message.charAt(0).toUpperCase() + r.outcome.message.slice(1));
        shake();
        return;
      }
      session = r;
      typed = '';
      draw(true);
      const wait = v.length * 300 + 300;
      if (r.outcome.kind === 'won') setTimeout(() => { toast(WIN_WORDS[Math.min(r.view.rows.length, 6) - 1], 2500); showStats(); }, wait);
      if (r.outcome.kind === 'lost') setTimeout(() => { toast(r.view.answer.toUpperCase(), 4000); showStats(); }, wait);
    } catch (e) {
      showError(e);
    } finally {
      busy = false;
    }
  }

  function press(key) {
    if (!session || busy || session.view.status !== 'playing') return;
    if (key === 'Enter') submit();
    else if (key === 'Backspace') typed = typed.slice(0, -1);
    else if (/^[a-z]$/.test(key) && typed.length < session.view.length) typed += key;
    if (key !== 'Enter') draw(false);
  }

  function shareText() {
    const v = session.view;
    const dark = false;
    const hc = document.body.classList.contains('high-contrast');
    const sq = { G: hc ? '🟧' : '🟩', Y: hc ? '🟦' : '🟨', '.': dark ? '⬛' : '⬜' };
    const score = v.status === 'won' ? v.rows.length : 'X';
    return `Wordle practice ${score}/${v.max_guesses}${v.hard ? '*' : ''}\n\n` +
      v.rows.map((r) => [...r.pattern].map((m) => sq[m]).join('')).join('\n');
  }

  async function showStats() {
    let s;
    try {
      s = (await api('GET', '/stats/wordle')).stats;
    } catch (e) {
      showError(e);
      return;
    }
    const max = Math.max(1, ...Object.values(s.tries));
    const current = session.view.status === 'won' ? session.view.rows.length : 0;
    stats.replaceChildren(
      el('h2', { text: 'Statistics' }),
      el('div', { class: 'wordle-figures' },
        ...[[s.played, 'Played'], [s.win_percent, 'Win %'], [s.current_streak, 'Current Streak'], [s.max_streak, 'Max Streak']]
          .map(([n, label]) => el('div', {}, el('b', { text: String(n) }), el('span', { text: label })))),
      el('h3', { text: 'Guess Distribution' }),
      el('div', { class: 'wordle-dist', id: 'wordle-dist' }, ...[1, 2, 3, 4, 5, 6].map((g) => {
        const n = s.tries[g] || 0;
        return el('div', { class: 'dist-row' }, el('span', { text: String(g) }),
          el('span', { class: 'dist-bar' + (g === current ? ' current' : ''), style: null, 'data-n': String(n), text: String(n) }));
      })),
      el('button', { type: 'button', id: 'wordle-share', text: 'Share', onclick: async () => {
        try {
          await navigator.clipboard.writeText(shareText());
          toast('Copied results to clipboard');
        } catch {
          toast(shareText(), 5000);
        }
      } }),
      el('button', { type: 'button', text: 'New word', onclick: () => newGame() }));
    for (const bar of stats.querySelectorAll('.dist-bar')) bar.style.width = `${Math.max(7, (100 * Number(bar.dataset.n)) / max)}%`;
    stats.hidden = false;
  }

  async function newGame() {
    try {
      if (session && session.view.status === 'playing') await api('DELETE', '/sessions/' + session.id).catch(() => {});
      session = await startNew('wordle', { hard: hard.checked });
      typed = '';
      stats.hidden = true;
      draw(false);
    } catch (e) {
      showError(e);
    }
  }

  hard.addEventListener('change', () => {
    if (session && session.view.rows.length === 0) newGame();
  });

  const onKey = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest('input, textarea, select')) return;
    // Enter on a focused button or link presses it (how a keyboard user reaches "New
    // word" or the assistant); it sends the typed word everywhere else, also from a key of
    // the on-screen keyboard that a click left focused.
    if (e.key === 'Enter' && e.target.closest('button:not(.key), a[href]')) return;
    if (e.key === 'Enter' || e.key === 'Backspace' || /^[a-zA-Z]$/.test(e.key)) {
      e.preventDefault();
      press(e.key.length === 1 ? e.key.toLowerCase() : e.key);
    }
  };
  document.addEventListener('keydown', onKey);

  try {
    session = await resumeOrStart('wordle', {});
    draw(false);
    if (session.view.status !== 'playing') showStats();
  } catch (e) {
    showError(e);
  }
  return () => document.removeEventListener('keydown', onKey);
}

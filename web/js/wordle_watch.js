// Watch an AI player solve a word: the server plays the game (a job), and the page reveals
// the player's guesses row by row with the answers left after each.
import { api, followJob } from './api.js';
import { el, showError } from './ui.js';

const STATE = { G: 'correct', Y: 'present', '.': 'absent' };

export function mount(main) {
  const player = el('select', { id: 'watch-player', 'aria-label': 'Player' },
    ...['entropy', 'parts', 'frequency', 'random'].map((p) => el('option', { value: p, text: p })));
  const word = el('input', { id: 'watch-word', type: 'text', maxlength: '5', placeholder: 'any answer', 'aria-label': 'Answer (empty: a random one)' });
  const board = el('div', { class: 'wordle-board', id: 'watch-board' });
  const log = el('ol', { class: 'watch-log', id: 'watch-log' });
  let source = null;

  async function watch() {
    if (source) source.close();
    board.replaceChildren();
    log.replaceChildren();
    const body = { kind: 'watch', player: player.value, seed: Math.floor(Math.random() * 1e9) };
    if (word.value.trim()) body.word = word.value.trim().toLowerCase();
    let job;
    try {
      job = (await api('POST', '/jobs', body)).id;
    } catch (e) {
      showError(e);
      return;
    }
    source = followJob(job, {
      failed: (s) => showError(new Error(s.error)),
      done: (s) => show(s.result),
    });
  }

  function show(r) {
    r.rows.forEach((row, i) => setTimeout(() => {
      const line = el('div', { class: 'row reveal' },
        ...[...row.guess].map((ch, j) => {
          const t = el('div', { class: 'tile', 'data-state': STATE[row.pattern[j]], text: ch });
          t.style.setProperty('--i', j);
          return t;
        }));
      board.append(line);
      log.append(el('li', { text: `${row.guess.toUpperCase()}: ${row.left_before} possible → ${row.left_after}` }));
      if (i === r.rows.length - 1) {
        log.append(el('li', { id: 'watch-result', class: 'watch-result',
          text: r.solved ? `${r.player} found ${r.answer.toUpperCase()} in ${r.rows.length}` : `${r.player} did not find ${r.answer.toUpperCase()}` }));
      }
    }, i * 1800));
  }

  main.append(el('section', { class: 'page-watch' },
    el('h1', { text: 'Watch an AI player' }),
    el('form', { class: 'sim-form', onsubmit: (e) => { e.preventDefault(); watch(); } },
      el('label', {}, 'Player ', player), el('label', {}, 'Answer ', word),
      el('button', { type: 'submit', id: 'watch-start', text: 'Watch' })),
    board, log,
    el('p', {}, el('a', { href: '#/wordle', text: 'Play Wordle yourself' }))));
  return () => { if (source) source.close(); };
}

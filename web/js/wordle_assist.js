// The assistant for the real daily Wordle: enter each guess and tap its tiles to the
// colours the real game showed; the server's assistant says which answers are left and
// the best next guesses. The optimal player's choice takes the server seconds at times,
// so it runs as a job followed over Server-Sent Events; a newer entry, or leaving the
// page, cancels the job still running.
import { api, followJob } from './api.js';
import { el, showError } from './ui.js';

const CYCLE = { '.': 'Y', Y: 'G', G: '.' };
const STATE = { '.': 'absent', Y: 'present', G: 'correct' };

export function mount(main) {
  const rows = [];  // {word, pattern}
  const list = el('div', { class: 'assist-rows', id: 'assist-rows' });
  const word = el('input', { id: 'assist-word', type: 'text', maxlength: '5', autocomplete: 'off', spellcheck: 'false',
    placeholder: 'your guess', 'aria-label': 'Your guess in the real game' });
  const hard = el('input', { type: 'checkbox', id: 'assist-hard' });
  const out = el('div', { id: 'assist-out', 'aria-live': 'polite' });
  const optimal = el('p', { id: 'assist-optimal', class: 'assist-optimal' });
  let generation = 0;  // bumped by every change: answers for older entries are dropped
  let job = null;      // the optimal job still running: {id, source}

  function stopJob() {
    if (!job) return;
    job.source.close();
    api('DELETE', '/jobs/' + job.id).catch(() => {});
    job = null;
  }

  // Starts the optimal job for the current entries and shows its answer when it ends.
  async function followOptimal(body, mine) {
    optimal.replaceChildren(el('span', { class: 'spinner', 'aria-hidden': 'true' }), ' optimal: computing…');
    optimal.dataset.state = 'running';
    let id;
    try {
      id = (await api('POST', '/wordle/assist/optimal', body)).id;
    } catch (e) {
      if (mine === generation) {
        optimal.textContent = `optimal: ${e.message}`;
        optimal.dataset.state = 'failed';
      }
      return;
    }
    if (mine !== generation) {
      api('DELETE', '/jobs/' + id).catch(() => {});
      return;
    }
    const ended = (end) => (s) => {
      if (!job || job.id !== id) return;
      job = null;
      optimal.dataset.state = end;
      if (end === 'done') {
        const r = s.result;
        optimal.textContent = `optimal: ${r.guess.toUpperCase()} — ${r.expected_guesses.toFixed(2)} guesses on average`;
        optimal.title = `${r.total} guesses over ${r.candidates} answer${r.candidates === 1 ? '' : 's'}, at most ${r.max_guesses}` +
          (r.hard ? ' (hard mode)' : '');
      } else {
        optimal.textContent = end === 'failed' ? `optimal: ${s.error}` : '';
      }
    };
    const source = followJob(id, { done: ended('done'), failed: ended('failed'), cancelled: ended('cancelled') });
    job = { id, source };
    source.onerror = () => {
      // EventSource retries a dropped stream by itself; closed means it gave up.
      if (source.readyState !== EventSource.CLOSED || !job || job.id !== id) return;
      job = null;
      optimal.textContent = 'optimal: the server stopped answering';
      optimal.dataset.state = 'failed';
    };
  }

  // Redraws every row. The tile buttons are new elements, so a tile that had the keyboard
  // focus (pressed with Enter or Space) gives it to the tile in its place in the new rows:
  // the next press cycles the same tile's colour again.
  function drawRows() {
    const active = list.contains(document.activeElement) ? document.activeElement.dataset : null;
    list.replaceChildren(...rows.map((r, i) => el('div', { class: 'row assist-row' },
      ...[...r.word].map((ch, j) => el('button', {
        type: 'button', class: 'tile', 'data-state': STATE[r.pattern[j]], text: ch, 'data-row': i, 'data-col': j,
        'aria-label': `letter ${j + 1} ${ch}: ${STATE[r.pattern[j]]} (click to change)`,
        onclick: () => {
          rows[i].pattern = r.pattern.slice(0, j) + CYCLE[r.pattern[j]] + r.pattern.slice(j + 1);
          drawRows();
          update();
        },
      })))));
    if (active && active.row !== undefined) {
      const same = list.querySelector(`[data-row="${active.row}"][data-col="${active.col}"]`);
      if (same) same.focus({ preventScroll: true });
    }
  }

  // The job for the entries before is cancelled once the new entries are accepted (a
  // refused row is taken back, and that job goes on).
  async function update() {
    const mine = ++generation;
    const body = { rows: rows.map((x) => `${x.word} ${x.pattern}`), hard: hard.checked };
    try {
      const r = await api('POST', '/wordle/assist', body);
      if (mine !== generation) return;
      stopJob();
      optimal.replaceChildren();
      optimal.removeAttribute('title');
      delete optimal.dataset.state;
      if (!r.solved && r.left > 0) followOptimal(body, mine);
      out.replaceChildren(
        el('p', { id: 'assist-left', text: r.solved ? 'Solved!' : `${r.left} possible answer${r.left === 1 ? '' : 's'}` }),
        optimal,
        r.best.length ? el('table', { class: 'assist-best', id: 'assist-best' },
          el('tr', {}, el('th', { text: 'next guess' }), el('th', { text: 'bits' }), el('th', { text: 'answers left (avg / worst)' })),
          ...r.best.map((b) => el('tr', {}, el('td', { text: b.guess + (b.could_be_the_answer ? ' ★' : '') }),
            el('td', { text: b.bits.toFixed(2) }), el('td', { text: `${b.expected_left.toFixed(1)} / ${b.worst_left}` })))) : null,
        r.left > 0 && !r.solved ? el('p', { class: 'assist-cands', text: r.candidates.join(' ') + (r.left > r.candidates.length ? ' …' : '') }) : null);
    } catch (e) {
      if (mine !== generation) return;
      showError(e);
      if (rows.length) {
        rows.pop();
        drawRows();
      }
    }
  }

  main.append(el('section', { class: 'page-assist' },
    el('h1', { text: 'Wordle assistant' }),
    el('p', { class: 'help', text: "Type each guess you made in the real game, then click its tiles until they show the real game's colours. ★ could be the answer itself." }),
    list,
    el('form', { class: 'form24', onsubmit: (e) => {
      e.preventDefault();
      const w = word.value.trim().toLowerCase();
      if (!/^[a-z]{5}$/.test(w)) return showError(new Error('Type a five-letter word'));
      rows.push({ word: w, pattern: '.....' });
      word.value = '';
      drawRows();
      update();
    } }, word, el('button', { type: 'submit', id: 'assist-add', text: 'Add' })),
    el('div', { class: 'actions24' },
      el('button', { type: 'button', id: 'assist-undo', text: 'Undo', onclick: () => { rows.pop(); drawRows(); update(); } }),
      el('label', {}, hard, ' Hard mode')),
    out,
    el('p', {}, el('a', { href: '#/wordle', text: 'Play Wordle here instead' }))));
  hard.addEventListener('change', update);
  // The first answer scores every allowed guess against every answer and the optimal job
  // follows it: both keep the server busy on the cores the browser paints with, so they
  // start only once the page has been painted: a requestAnimationFrame callback runs just
  // before the next paint, and a task it queues runs after that paint. Leaving the page
  // before then starts nothing.
  let left = false;
  requestAnimationFrame(() => setTimeout(() => {
    if (!left) update();
  }, 0));
  return () => {
    left = true;
    generation += 1;
    stopJob();
  };
}

// The 24-point game: four cards; build an expression by clicking cards and operators or
// by typing it; the server's session checks it exactly and keeps score and streak.
import { api, resumeOrStart, startNew } from './api.js';
import { el, showError, toast } from './ui.js';

const OPS = [['+', '+'], ['−', '-'], ['×', '*'], ['÷', '/'], ['(', '('], [')', ')']];

export async function mount(main, sub) {
  if (sub === 'solve') return mountSolver(main);
  let session = null;
  let used = [];
  let handStart = Date.now();
  const cards = el('div', { class: 'cards24', id: 'cards24' });
  const input = el('input', { id: 'expr24', type: 'text', autocomplete: 'off', spellcheck: 'false',
    'aria-label': 'Your expression', placeholder: 'e.g. (8-3)*(6-2)' });
  const message = el('p', { class: 'message24', id: 'message24', role: 'status' });
  const scoreLine = el('p', { class: 'score24', id: 'score24' });
  const timer = el('span', { class: 'timer24', id: 'timer24', text: '0:00' });
  const level = el('select', { id: 'level24', 'aria-label': 'Difficulty' },
    ...['any', 'easy', 'medium', 'hard'].map((l) => el('option', { value: l, text: l })));
  const form = el('form', { class: 'form24', onsubmit: (e) => { e.preventDefault(); answer(); } },
    input, el('button', { type: 'submit', id: 'submit24', text: 'Check' }));
  const ops = el('div', { class: 'ops24' },
    ...OPS.map(([label, text]) => el('button', { type: 'button', class: 'op24', 'data-op': text, text: label,
      onclick: () => insert(text) })),
    el('button', { type: 'button', class: 'op24', text: '⌫', 'aria-label': 'Delete', onclick: () => backspace() }),
    el('button', { type: 'button', class: 'op24', text: 'C', 'aria-label': 'Clear', onclick: () => clearExpr() }));
  main.append(el('section', { class: 'page24' },
    el('div', { class: 'head24' }, el('h1', { text: 'Make 24' }), timer),
    el('p', { class: 'help', text: 'Use each card once with + − × ÷ and brackets. Click the cards and operators, or type.' }),
    cards, ops, form, message,
    el('div', { class: 'actions24' },
      el('button', { type: 'button', id: 'hint24', text: 'Hint', onclick: () => act({ action: 'hint' }) }),
      el('button', { type: 'button', id: 'skip24', text: 'Skip', onclick: () => act({ action: 'skip' }) }),
      el('button', { type: 'button', id: 'giveup24', text: 'Give up', onclick: () => act({ action: 'give_up' }) }),
      level),
    scoreLine,
    el('p', {}, el('a', { href: '#/24/solve', text: 'The solver: every distinct solution of any numbers' }))));

  function insert(text) {
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    input.value = input.value.slice(0, start) + text + input.value.slice(end);
    input.setSelectionRange(start + text.length, start + text.length);
    input.focus();
  }
  function backspace() {
    input.value = input.value.slice(0, -1);
    used = used.filter((i) => input.value.includes(session.view.hand[i]));
    drawCards();
  }
  function clearExpr() {
    input.value = '';
    used = [];
    drawCards();
  }

  function drawCards() {
    const v = session.view;
    cards.replaceChildren(...v.hand.map((n, i) => el('button', {
      type: 'button', class: 'card24' + (used.includes(i) ? ' used' : ''), 'data-index': String(i), text: n,
      disabled: used.includes(i), 'aria-label': 'card ' + n,
      onclick: () => { used.push(i); insert(n); drawCards(); },
    })));
  }

  function draw() {
    const v = session.view;
    drawCards();
    const s = v.score;
    scoreLine.textContent = `Hand ${v.hand_number} (${v.level}) · tries left ${v.tries_left} · points ${s.points} · ` +
      `solved ${s.solved} of ${s.played} · streak ${s.streak} (best ${s.best_streak})`;
    level.value = v.difficulty;
  }

  function say(o) {
    const text = {
      solved: () => `Solved: ${o.answer} = 24 (+${o.points} points, streak ${o.streak})`,
      // A wrong value names the expression (the field is cleared); any other refusal is
      // worded as the terminal words it.
      rejected: () => (o.reason === 'wrong_value' ? `${o.answer} makes ${o.value}, not 24` : o.message || 'Not an answer for this hand') +
        (o.try_used ? ` · ${o.tries_left} ${o.tries_left === 1 ? 'try' : 'tries'} left` : ''),
      failed: () => `Out of tries. ${o.solutions ? 'A solution: ' + o.solutions[0] : ''}`,
      gave_up: () => `A solution: ${o.solutions ? o.solutions[0] : '—'}`,
      timed_out: () => 'Out of time',
      skipped: () => 'Skipped (not counted)',
      hint: () => `Hint ${o.hint_number}: ${o.hint}`,
      no_more_hints: () => 'No more hints: the last step is yours',
      hint_unavailable: () => 'No hint for this hand',
    }[o.kind];
    message.textContent = text ? text() : o.kind;
    message.dataset.kind = o.kind;
  }

  async function act(input_) {
    try {
      const before = session.view.hand_number;
      session = await api('POST', '/sessions/' + session.id, input_);
      say(session.outcome);
      if (session.view.hand_number !== before) {
        clearExpr();
        handStart = Date.now();
      }
      draw();
    } catch (e) {
      showError(e);
    }
  }

  async function answer() {
    const text = input.value.replace(/×/g, '*').replace(/÷/g, '/').replace(/−/g, '-').trim();
    if (!text) {
      toast('Type an expression first');
      return;
    }
    await act({ action: 'answer', expression: text });
  }

  level.addEventListener('change', async () => {
    try {
      session = await startNew('24', { difficulty: level.value });
      clearExpr();
      handStart = Date.now();
      message.textContent = '';
      draw();
    } catch (e) {
      showError(e);
    }
  });

  const tick = setInterval(() => {
    const s = Math.floor((Date.now() - handStart) / 1000);
    timer.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }, 500);

  try {
    session = await resumeOrStart('24', {});
    draw();
  } catch (e) {
    showError(e);
  }
  input.focus({ preventScroll: true });
  return () => clearInterval(tick);
}

function mountSolver(main) {
  const numbers = el('input', { id: 'solve-numbers', type: 'text', value: '3 3 8 8', 'aria-label': 'Numbers' });
  const target = el('input', { id: 'solve-target', type: 'text', value: '24', size: '6', 'aria-label': 'Target' });
  const countdown = el('input', { id: 'solve-countdown', type: 'checkbox' });
  const out = el('div', { id: 'solve-out' });
  const run = async () => {
    try {
      const r = await api('POST', '/24/solve', {
        numbers: numbers.value.split(/[\s,]+/).filter(Boolean), target: target.value.trim() || '24', countdown: countdown.checked,
      });
      const head = r.exact ? `${r.count} distinct solution${r.count === 1 ? '' : 's'}`
        : r.count ? `No exact solution; the nearest, ${r.reached}:` : 'No solution';
      out.replaceChildren(el('p', { id: 'solve-count', text: head }),
        el('ol', { class: 'solutions24' }, ...r.solutions.map((s) => el('li', { text: `${s} = ${r.reached}` }))));
    } catch (e) {
      showError(e);
    }
  };
  main.append(el('section', { class: 'page24' },
    el('h1', { text: '24 solver' }),
    el('form', { class: 'solver24', onsubmit: (e) => { e.preventDefault(); run(); } },
      el('label', {}, 'Numbers ', numbers), el('label', {}, 'Target ', target),
      el('label', {}, countdown, ' Countdown rules (whole numbers, any subset, else the nearest)'),
      el('button', { type: 'submit', id: 'solve-run', text: 'Solve' })),
    out, el('p', {}, el('a', { href: '#/24', text: 'Back to the game' }))));
  run();
}

// 2048 in the look of the original (gabrielecirulli/2048): arrows, WASD and swipes move,
// every move is played by the server's session, which keeps the rules and the save. The
// server also says where each tile went (outcome.motions) and where the new tile
// appeared (outcome.spawned); the page only animates that: tiles slide 100 ms, a merged
// tile pops and the new tile grows in over 200 ms after the slide, as in the original.
import { api, followJob, resumeOrStart, startNew } from './api.js';
import { el, showError } from './ui.js';

const KEYS = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
  w: 'up', s: 'down', a: 'left', d: 'right', W: 'up', S: 'down', A: 'left', D: 'right',
  k: 'up', j: 'down', h: 'left', l: 'right',
};

// The slide, then the pop and the appearance (web/css/app.css): after this long every
// animation of a move has ended and the board is left as the server's board alone.
const ANIMATION_MS = 300;
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export async function mount(main) {
  let session = null;
  const score = el('div', { class: 'score-box' }, el('span', { text: 'SCORE' }), el('b', { id: 'score', text: '0' }));
  const best = el('div', { class: 'score-box' }, el('span', { text: 'BEST' }), el('b', { id: 'best', text: '0' }));
  const board = el('div', { class: 'board2048', id: 'board2048', role: 'grid', 'aria-label': '2048 board' });
  const message = el('div', { class: 'overlay2048', id: 'overlay2048', hidden: true });
  const undo = el('button', { id: 'undo', type: 'button', text: 'Undo', onclick: () => act({ action: 'undo' }) });
  const fresh = el('button', { id: 'new-game', type: 'button', text: 'New Game', onclick: () => newGame() });
  const hintBtn = el('button', { id: 'hint2048', type: 'button', text: 'Hint', onclick: () => act({ action: 'hint' }) });
  const aiBtn = el('button', { id: 'ai2048', type: 'button', text: 'AI plays', 'aria-pressed': 'false', onclick: () => toggleAi() });
  const speed = el('select', { id: 'ai-speed', 'aria-label': 'AI speed' },
    el('option', { value: '400', text: 'slow' }), el('option', { value: '120', text: 'normal', selected: true }), el('option', { value: '20', text: 'fast' }));
  const advice = el('ul', { class: 'hint2048', id: 'hint-lines', 'aria-live': 'polite' });
  let aiStream = null;
  main.append(
    el('section', { class: 'page2048' },
      el('div', { class: 'head2048' }, el('h1', { class: 'title2048', text: '2048' }), el('div', { class: 'scores' }, score, best)),
      el('div', { class: 'bar2048' },
        el('p', { text: 'Join the tiles, get to ' }, el('b', { text: '2048!' })),
        el('div', {}, undo, fresh)),
      el('div', { class: 'wrap2048' }, board, message),
      el('div', { class: 'bar2048 tools2048' }, el('div', {}, hintBtn, aiBtn, speed)),
      advice,
      el('p', { class: 'help', text: 'Arrow keys, WASD or swipe to move. Undo, a hint or the AI make the game count as assisted.' })));

  function showHint(o) {
    advice.replaceChildren(...['up', 'down', 'left', 'right'].filter((m) => o.moves[m].legal)
      .sort((a, b) => (a === o.best ? -1 : b === o.best ? 1 : 0))
      .map((m) => el('li', { 'data-move': m, class: m === o.best ? 'best' : '', text: o.moves[m].words })));
  }

  // The AI playing on is a job on the server: its moves arrive as Server-Sent Events,
  // and closing the stream (Stop, leaving the page) ends it.
  let aiJob = null;
  function stopAi() {
    if (aiStream) aiStream.close();
    aiStream = null;
    if (aiJob) api('DELETE', '/jobs/' + aiJob).catch(() => {});
    aiJob = null;
    aiBtn.setAttribute('aria-pressed', 'false');
    aiBtn.textContent = 'AI plays';
  }
  async function toggleAi() {
    if (aiStream !== null) return stopAi();
    if (!session || session.view.status !== 'playing') return;
    try {
      const r = await api('POST', `/sessions/${session.id}/ai`, { level: 'fast', delay_ms: Number(speed.value) });
      aiJob = r.id;
    } catch (e) {
      showError(e);
      return;
    }
    aiBtn.setAttribute('aria-pressed', 'true');
    aiBtn.textContent = 'Stop the AI';
    const ended = (s) => {
      if (s.live) {
        session = s.live;
        draw(s.live.outcome);
      }
      aiJob = null;
      stopAi();
    };
    aiStream = followJob(aiJob, {
      done: ended, failed: ended, cancelled: ended,
      progress: (s) => {
        if (s.live && s.live.view.moves !== session.view.moves) {
          session = s.live;
          advice.replaceChildren();
          draw(s.live.outcome);
        }
      },
    });
  }

  async function loadBest() {
    try {
      const s = await api('GET', '/stats/2048');
      best.querySelector('b').textContent = String(Math.max(s.stats.best_score || 0, session ? session.view.score : 0));
    } catch { /* the store may be unavailable; the best score is then not shown */ }
  }

  // The cells the board shows now (row-major values) and the timer that ends the current
  // move's animation: a move is animated only from the board it was played on, so AI
  // moves that arrive in a batch, a resume or an undo are simply drawn.
  let shown = null;
  let finishTimer = null;
  let finishAnimation = () => {};

  function tileElement(value) {
    const tile = el('div', { class: 'tile2048', 'data-value': value > 2048 ? 'super' : String(value), text: String(value) });
    tile.dataset.digits = String(String(value).length);
    return tile;
  }

  function draw(outcome) {
    finishAnimation();
    const v = session.view;
    const n = v.size;
    const animate = Boolean(outcome && outcome.moved && Array.isArray(outcome.motions) && outcome.motions.length &&
      !reducedMotion.matches && shown && shown.length === n * n && outcome.before.every((x, i) => x === shown[i]));
    board.style.setProperty('--n', n);
    const cells = v.cells.map((value) => {
      const cell = el('div', { class: 'cell2048', role: 'gridcell' });
      if (value) cell.append(tileElement(value));
      return cell;
    });
    board.replaceChildren(...cells);
    shown = v.cells.slice();
    if (animate) animateMove(outcome, cells, n);
    score.querySelector('b').textContent = String(v.score);
    const bestNow = Number(best.querySelector('b').textContent) || 0;
    if (v.score > bestNow) best.querySelector('b').textContent = String(v.score);
    undo.disabled = !v.can_undo || session.finished;
    message.hidden = v.status === 'playing';
    message.replaceChildren();
    if (v.status === 'won') {
      message.className = 'overlay2048 won';
      message.append(el('p', { text: 'You win!' }),
        el('button', { type: 'button', id: 'keep-going', text: 'Keep going', onclick: () => act({ action: 'keep_going' }) }),
        el('button', { type: 'button', text: 'New Game', onclick: () => newGame() }));
    } else if (v.status === 'over') {
      message.className = 'overlay2048 over';
      message.append(el('p', { text: 'Game over!' }), el('button', { type: 'button', text: 'Try again', onclick: () => newGame() }));
    }
    board.setAttribute('aria-label', `2048 board, score ${v.score}, ${v.status}`);
  }

  // The board is drawn as it is after the move; each tile that moved starts where it was
  // (a transform back to its old cell, measured on the laid-out board) and slides home.
  // The two tiles of a merge slide as stand-ins ("ghost" tiles) under the doubled tile,
  // which shows and pops when they arrive. Then the stand-ins go and every animation
  // class is dropped, so the board is the server's board again.
  function animateMove(outcome, cells, n) {
    const origin = cells[0].getBoundingClientRect();
    const stepX = cells[1].getBoundingClientRect().left - origin.left;
    const stepY = cells[n].getBoundingClientRect().top - origin.top;
    const extras = [];
    const touched = new Set();
    const slide = (tile, m) => {
      tile.style.setProperty('--dx', `${(m.from[1] - m.to[1]) * stepX}px`);
      tile.style.setProperty('--dy', `${(m.from[0] - m.to[0]) * stepY}px`);
      tile.classList.add('slide');
    };
    for (const m of outcome.motions) {
      const cell = cells[m.to[0] * n + m.to[1]];
      const tile = cell.querySelector('.tile2048:not(.ghost)');
      if (!tile) continue;
      if (m.merged) {
        const ghost = tileElement(m.value);
        ghost.classList.add('ghost');
        slide(ghost, m);
        cell.prepend(ghost);
        extras.push(ghost);
        tile.classList.add('merged');
      } else if (m.from[0] !== m.to[0] || m.from[1] !== m.to[1]) {
        slide(tile, m);
      } else {
        continue;
      }
      cell.classList.add('moving');
      touched.add(cell);
    }
    if (outcome.spawned) {
      const tile = cells[outcome.spawned.row * n + outcome.spawned.col].querySelector('.tile2048');
      if (tile) tile.classList.add('new');
    }
    finishAnimation = () => {
      clearTimeout(finishTimer);
      finishAnimation = () => {};
      for (const g of extras) g.remove();
      for (const cell of touched) cell.classList.remove('moving');
      for (const t of board.querySelectorAll('.tile2048')) {
        t.classList.remove('slide', 'merged', 'new');
        t.style.removeProperty('--dx');
        t.style.removeProperty('--dy');
      }
    };
    finishTimer = setTimeout(() => finishAnimation(), ANIMATION_MS + 20);
  }

  // Inputs (moves, undo, hint, keep going) go to the server one at a time, in the order
  // given: a move pressed while the last one is still on its way or still sliding waits
  // its turn instead of being dropped, and its answer cuts the running animation short.
  // A new game or leaving the page empties the queue (its inputs were for the old game).
  let queue = Promise.resolve();
  let generation = 0;
  function act(input) {
    const mine = generation;
    queue = queue.then(async () => {
      if (mine !== generation || !session || session.finished) return;
      if (input.action === 'move' && session.view.status !== 'playing') return;
      try {
        const r = await api('POST', '/sessions/' + session.id, input);
        if (mine !== generation) return;
        session = r;
        if (input.action === 'hint') return showHint(r.outcome);
        advice.replaceChildren();
        draw(r.outcome);
      } catch (e) {
        showError(e);
      }
    });
    return queue;
  }

  async function newGame() {
    stopAi();
    ++generation;
    const old = session;
    session = null;  // no input goes to the game being left while the new one starts
    try {
      if (old && !old.finished) await api('DELETE', '/sessions/' + old.id).catch(() => {});
      session = await startNew('2048', {});
      draw(null);
      loadBest();
    } catch (e) {
      showError(e);
    }
  }

  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest('input, textarea, select')) return;
    const move = KEYS[e.key];
    if (!move) return;
    e.preventDefault();
    act({ action: 'move', move });
  };
  document.addEventListener('keydown', onKey);

  // Swipes: a touch that travels at least 20 px, along its larger axis.
  let start = null;
  board.addEventListener('touchstart', (e) => {
    if (e.touches.length === 1) start = { x: e.touches[0].clientX, y: e.touches[0].clientY };
  }, { passive: true });
  board.addEventListener('touchmove', (e) => e.preventDefault(), { passive: false });
  board.addEventListener('touchend', (e) => {
    if (!start) return;
    const t = e.changedTouches[0];
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    start = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 20) return;
    act({ action: 'move', move: Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up') });
  });

  try {
    session = await resumeOrStart('2048', {});
    draw(null);
    loadBest();
  } catch (e) {
    showError(e);
  }
  return () => {
    ++generation;
    finishAnimation();
    stopAi();
    document.removeEventListener('keydown', onKey);
  };
}

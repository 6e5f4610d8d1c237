// 2048 in the look of the original (gabrielecirulli/2048): arrows, WASD and swipes move,
// every move is played by the server's session, which keeps the rules and the save.
import { api, resumeOrStart, startNew } from './api.js';
import { el, showError } from './ui.js';

const KEYS = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
  w: 'up', s: 'down', a: 'left', d: 'right', W: 'up', S: 'down', A: 'left', D: 'right',
  k: 'up', j: 'down', h: 'left', l: 'right',
};

export async function mount(main) {
  let session = null;
  let busy = false;
  const score = el('div', { class: 'score-box' }, el('span', { text: 'SCORE' }), el('b', { id: 'score', text: '0' }));
  const best = el('div', { class: 'score-box' }, el('span', { text: 'BEST' }), el('b', { id: 'best', text: '0' }));
  const board = el('div', { class: 'board2048', id: 'board2048', role: 'grid', 'aria-label': '2048 board' });
  const message = el('div', { class: 'overlay2048', id: 'overlay2048', hidden: true });
  const undo = el('button', { id: 'undo', type: 'button', text: 'Undo', onclick: () => act({ action: 'undo' }) });
  const fresh = el('button', { id: 'new-game', type: 'button', text: 'New Game', onclick: () => newGame() });
  const hintBtn = el('button', { id: 'hint2048', type: 'button', text: 'Hint', onclick: () => hint() });
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

  async function hint() {
    if (!session) return;
    try {
      const r = await api('POST', '/sessions/' + session.id, { action: 'hint' });
      session = r;
      const o = r.outcome;
      advice.replaceChildren(...['up', 'down', 'left', 'right'].filter((m) => o.moves[m].legal)
        .sort((a, b) => (a === o.best ? -1 : b === o.best ? 1 : 0))
        .map((m) => el('li', { 'data-move': m, class: m === o.best ? 'best' : '', text: o.moves[m].words })));
    } catch (e) {
      showError(e);
    }
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
    aiStream = new EventSource(`/api/v1/jobs/${aiJob}/events`);
    aiStream.addEventListener('progress', (e) => {
      const s = JSON.parse(e.data);
      if (s.live && s.live.view.moves !== session.view.moves) {
        session = s.live;
        advice.replaceChildren();
        draw(s.live.outcome);
      }
    });
    for (const end of ['done', 'failed', 'cancelled']) {
      aiStream.addEventListener(end, async (e) => {
        const s = JSON.parse(e.data);
        if (s.live) {
          session = s.live;
          draw(s.live.outcome);
        }
        aiJob = null;
        stopAi();
      });
    }
  }

  async function loadBest() {
    try {
      const s = await api('GET', '/stats/2048');
      best.querySelector('b').textContent = String(Math.max(s.stats.best_score || 0, session ? session.view.score : 0));
    } catch { /* the store may be unavailable; the best score is then not shown */ }
  }

  function draw(outcome) {
    const v = session.view;
    board.style.setProperty('--n', v.size);
    board.replaceChildren();
    const before = outcome && outcome.before;
    v.cells.forEach((value, i) => {
      const cell = el('div', { class: 'cell2048', role: 'gridcell' });
      if (value) {
        const tile = el('div', { class: 'tile2048', 'data-value': value > 2048 ? 'super' : String(value), text: String(value) });
        tile.dataset.digits = String(String(value).length);
        if (outcome && outcome.moved && i === outcome.spawn) tile.classList.add('new');
        else if (before && value > before[i] && before[i] !== 0) tile.classList.add('merged');
        cell.append(tile);
      }
      board.append(cell);
    });
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

  async function act(input) {
    if (busy || !session) return;
    busy = true;
    try {
      const r = await api('POST', '/sessions/' + session.id, input);
      session = r;
      if (input.action !== 'ai') advice.replaceChildren();
      draw(r.outcome);
    } catch (e) {
      showError(e);
    } finally {
      busy = false;
    }
  }

  async function newGame() {
    stopAi();
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
    stopAi();
    document.removeEventListener('keydown', onKey);
  };
}

// Simulate: a player plays many games on the server's job pool; the page follows its
// progress over Server-Sent Events and draws the result as SVG charts.
import { api, followJob } from './api.js';
import { el, showError } from './ui.js';

const PLAYERS = { wordle: ['entropy', 'parts', 'frequency', 'random'], '2048': ['greedy', 'random', 'expectimax'] };
const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// A bar chart of a distribution {value: count}: one bar per value, its count above it.
export function barChart(dist, { label, highlight } = {}) {
  const entries = Object.entries(dist).map(([k, v]) => [Number(k), v]).sort((a, b) => a[0] - b[0]);
  const W = 480;
  const H = 220;
  const pad = 30;
  const max = Math.max(1, ...entries.map(([, v]) => v));
  const bw = (W - 2 * pad) / Math.max(1, entries.length);
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': label || 'chart' });
  chart.append(svg('line', { x1: pad, y1: H - pad, x2: W - pad, y2: H - pad, class: 'axis' }));
  entries.forEach(([k, v], i) => {
    const h = ((H - 2 * pad - 12) * v) / max;
    const x = pad + i * bw + bw * 0.1;
    chart.append(svg('rect', { x, y: H - pad - h, width: bw * 0.8, height: h, class: 'bar' + (highlight && highlight(k) ? ' hl' : ''), 'data-value': k, 'data-count': v }));
    chart.append(svg('text', { x: x + bw * 0.4, y: H - pad - h - 3, 'text-anchor': 'middle', class: 'count' }, String(v)));
    chart.append(svg('text', { x: x + bw * 0.4, y: H - pad + 14, 'text-anchor': 'middle', class: 'tick' }, String(k)));
  });
  return chart;
}

export async function mount(main) {
  const game = el('select', { id: 'sim-game', 'aria-label': 'Game' }, el('option', { value: 'wordle', text: 'Wordle' }), el('option', { value: '2048', text: '2048' }));
  const player = el('select', { id: 'sim-player', 'aria-label': 'Player' });
  const games = el('input', { id: 'sim-games', type: 'number', min: '1', max: '2315', value: '100', 'aria-label': 'Games' });
  const start = el('button', { type: 'submit', id: 'sim-start', text: 'Run' });
  const cancel = el('button', { type: 'button', id: 'sim-cancel', text: 'Cancel', hidden: true });
  const bar = el('progress', { id: 'sim-progress', max: '1', value: '0' });
  const state = el('p', { id: 'sim-state', role: 'status' });
  const out = el('div', { id: 'sim-out' });
  const fillPlayers = () => player.replaceChildren(...PLAYERS[game.value].map((p) => el('option', { value: p, text: p })));
  game.addEventListener('change', fillPlayers);
  fillPlayers();
  let source = null;
  let job = null;

  const close = () => {
    if (source) source.close();
    source = null;
  };

  function show(result) {
    const g = result.game;
    const summary = g === 'wordle'
      ? `${result.games} games · solved in 6 or fewer: ${(100 * result.win_rate).toFixed(1)}% · mean ${result.mean.toFixed(4)} guesses` +
        (result.first_guess ? ` · first guess ${result.first_guess.toUpperCase()}` : '')
      : `${result.games} games · reached 2048: ${(100 * result.win_rate).toFixed(1)}% · mean score ${Math.round(result.metrics.score.mean)}`;
    const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' });
    out.replaceChildren(
      el('p', { id: 'sim-summary', text: summary }),
      el('h3', { text: g === 'wordle' ? 'Guess distribution' : 'Largest tile reached' }),
      barChart(result.distribution, { label: g === 'wordle' ? 'guesses per game' : 'largest tile per game', highlight: (k) => (g === 'wordle' ? k > 6 : k >= 2048) }),
      el('a', { id: 'sim-download', href: URL.createObjectURL(blob), download: `${g}-${result.player}-sim.json`, text: 'Download the result (JSON)' }));
    if (g === '2048') {
      // The share of games that reached each tile (a game reaching 512 also reached 256).
      const tiles = Object.keys(result.distribution).map(Number).sort((a, b) => a - b);
      const reach = {};
      for (const t of tiles) reach[t] = Object.entries(result.distribution).filter(([k]) => Number(k) >= t).reduce((s, [, v]) => s + v, 0);
      out.append(el('h3', { text: 'Games reaching each tile' }), barChart(reach, { label: 'games reaching each tile' }));
    }
  }

  async function run() {
    close();
    out.replaceChildren();
    try {
      const r = await api('POST', '/jobs', { kind: 'sim', game: game.value, player: player.value, games: Number(games.value) });
      job = r.id;
    } catch (e) {
      showError(e);
      return;
    }
    cancel.hidden = false;
    start.disabled = true;
    state.textContent = 'queued';
    const ended = (end) => (s) => {
      close();
      cancel.hidden = true;
      start.disabled = false;
      state.textContent = end === 'failed' ? `failed: ${s.error}` : end;
      if (end === 'done') {
        bar.value = bar.max;
        show(s.result);
      }
    };
    source = followJob(job, {
      done: ended('done'), failed: ended('failed'), cancelled: ended('cancelled'),
      progress: (s) => {
        bar.max = Math.max(1, s.total);
        bar.value = s.done;
        state.textContent = `${s.state}: ${s.done} of ${s.total || '…'} games`;
      },
    });
  }

  cancel.addEventListener('click', async () => {
    if (job) await api('DELETE', '/jobs/' + job).catch(() => {});
  });

  main.append(el('section', { class: 'page-sim' },
    el('h1', { text: 'Simulate' }),
    el('p', { class: 'help', text: 'An AI player plays many games on the server. Wordle: every answer is 2,315 games.' }),
    el('form', { class: 'sim-form', onsubmit: (e) => { e.preventDefault(); run(); } },
      el('label', {}, 'Game ', game), el('label', {}, 'Player ', player), el('label', {}, 'Games ', games), start, cancel),
    bar, state, out));
  return close;
}

// The assistant for the real 汉兜 Handle: type each idiom guessed in the real game (a plain
// text box, so a Chinese input method works), then tap its character, initial, final and
// tone until they show the real game's colours; the server's assistant (the same as
// `puzzlelab handle assist`) says which answers are left and the best next guesses.
import { api } from './api.js';
import { el } from './ui.js';

const ZH = (navigator.language || '').toLowerCase().startsWith('zh');
const T = ZH
  ? { title: '汉兜助手', add: '添加', undo: '撤销', placeholder: '输入猜过的成语…', solved: '已经猜中！',
      left: (n) => `剩余候选 ${n} 个`, best: '推荐下一步', bits: '信息量', avg: '期望剩余 / 最多', guess: '成语',
      parts: ['字', '声母', '韵母', '声调'], short: ['', '声', '韵', '调'],
      names: { none: '不存在', misplaced: '位置不对', exact: '正确' }, four: '请输入四个汉字', play: '在这里玩汉兜',
      help: '输入你在汉兜里猜过的成语，再点它的字、声母、韵母和声调，直到颜色和游戏里一样（青色正确，橙色位置不对，灰色不存在）。★ 表示它本身可能就是答案。' }
  : { title: 'Handle assistant', add: 'Add', undo: 'Undo', placeholder: 'An idiom you guessed…', solved: 'Solved!',
      left: (n) => `${n} possible answer${n === 1 ? '' : 's'}`, best: 'next guess', bits: 'bits', avg: 'answers left (avg / worst)',
      guess: 'next guess', parts: ['character', 'initial', 'final', 'tone'], short: ['', 'I', 'F', 'T'],
      names: { none: 'none', misplaced: 'misplaced', exact: 'exact' }, four: 'Type a four-character idiom', play: 'Play Handle here instead',
      help: "Type each idiom you guessed in the real game, then tap its character, initial, final and tone until they show the real game's colours (teal right, orange in another place, grey not in the answer). ★ could be the answer itself." };
// The cycle of a tap, in the Handle page's colours: none (grey) -> misplaced (orange) -> exact (teal).
const NEXT = { N: 'M', M: 'E', E: 'N' };
const MARK = { N: 'none', M: 'misplaced', E: 'exact' };
const TONE_MARK = ['·', '\u02C9', '\u02CA', '\u02C7', '\u02CB'];

export function mount(main) {
  const rows = [];  // {idiom, marks: 16 letters, position-major (4 * position + channel)}
  let readings = [];  // the pinyin parts of each row, from the server's last answer
  const list = el('div', { class: 'handle-board', id: 'hassist-rows' });
  const word = el('input', { id: 'hassist-word', type: 'text', lang: 'zh', autocomplete: 'off', spellcheck: 'false',
    placeholder: T.placeholder, 'aria-label': T.placeholder });
  const out = el('div', { id: 'hassist-out', 'aria-live': 'polite' });

  // One tappable mark: the character (channel 0) or a part of its pinyin.
  function markButton(i, p, k, cls, text) {
    const m = rows[i].marks[4 * p + k];
    return el('button', {
      type: 'button', class: 'hassist-mark ' + cls, 'data-mark': MARK[m], 'data-row': String(i), 'data-pos': String(p), 'data-channel': String(k), text,
      'aria-label': `${rows[i].idiom[p]} ${T.parts[k]}: ${T.names[MARK[m]]}`,
      onclick: () => {
        const s = rows[i].marks;
        rows[i].marks = s.slice(0, 4 * p + k) + NEXT[s[4 * p + k]] + s.slice(4 * p + k + 1);
        drawRows();
        update();
      },
    });
  }

  function drawRows() {
    // A redraw keeps the focus on the mark it was on, so that a keyboard user can press
    // the same mark again (each press moves it on by one colour).
    const f = list.contains(document.activeElement) ? { ...document.activeElement.dataset } : null;
    list.replaceChildren(...rows.map((r, i) => el('div', { class: 'hrow hassist-row' },
      ...[...r.idiom].map((ch, p) => {
        const c = readings[i] && readings[i].chars[p];
        const parts = c
          ? [c.initial || '∅', c.final.replace(/v/g, 'ü'), TONE_MARK[c.tone] || TONE_MARK[0]]
          : [T.short[1], T.short[2], T.short[3]];
        const all = [0, 1, 2, 3].every((k) => r.marks[4 * p + k] === 'E');
        return el('div', { class: 'hblock' + (all ? ' all-exact' : ''), 'data-mark': MARK[r.marks[4 * p]] },
          el('div', { class: 'py' }, markButton(i, p, 1, 'py-i', parts[0]), markButton(i, p, 2, 'py-f', parts[1]),
            markButton(i, p, 3, 'hassist-tone', parts[2])),
          markButton(i, p, 0, 'hchar', ch));
      }))));
    if (f && f.row !== undefined) {
      const again = list.querySelector(`[data-row="${f.row}"][data-pos="${f.pos}"][data-channel="${f.channel}"]`);
      if (again) again.focus();
    }
  }

  const groups = (m) => m.match(/.{4}/g).join(' ');

  async function update() {
    try {
      const r = await api('POST', '/handle/assist', { rows: rows.map((x) => `${x.idiom.join('')} ${groups(x.marks)}`) });
      readings = r.rows;
      drawRows();
      out.replaceChildren(
        el('p', { id: 'hassist-left', text: r.solved ? T.solved : T.left(r.left) }),
        r.best.length ? el('table', { class: 'assist-best', id: 'hassist-best' },
          el('tr', {}, el('th', { text: T.guess }), el('th', { text: T.bits }), el('th', { text: T.avg })),
          ...r.best.map((b) => el('tr', {}, el('td', { text: `${b.guess}${b.could_be_the_answer ? ' ★' : ''}`, title: b.pinyin }),
            el('td', { text: b.bits.toFixed(2) }), el('td', { text: `${b.expected_left.toFixed(1)} / ${b.worst_left}` })))) : null,
        r.left > 0 && !r.solved ? el('ul', { class: 'hassist-cands', id: 'hassist-cands' },
          ...r.candidates.map((c) => el('li', {}, el('b', { text: c.idiom }), ' ', c.pinyin)),
          r.left > r.candidates.length ? el('li', { text: '…' }) : null) : null);
    } catch (e) {
      // The rows stay so that a mistapped mark can be fixed; the server names the row.
      out.replaceChildren(el('p', { id: 'hassist-error', class: 'hassist-error', role: 'alert', text: e.message || String(e) }));
    }
  }

  main.append(el('section', { class: 'page-handle page-assist', lang: ZH ? 'zh' : 'en' },
    el('h1', { text: T.title }),
    el('p', { class: 'help', text: T.help }),
    list,
    el('form', { class: 'handle-form', onsubmit: (e) => {
      e.preventDefault();
      const w = word.value.replace(/[\s\u3000]/g, '');
      if ([...w].length !== 4) {
        out.replaceChildren(el('p', { id: 'hassist-error', class: 'hassist-error', role: 'alert', text: T.four }));
        return;
      }
      rows.push({ idiom: [...w], marks: 'N'.repeat(16) });
      word.value = '';
      drawRows();
      update();
    } }, word, el('button', { type: 'submit', id: 'hassist-add', text: T.add })),
    el('div', { class: 'handle-actions' },
      el('button', { type: 'button', id: 'hassist-undo', text: T.undo, onclick: () => { rows.pop(); readings = readings.slice(0, rows.length); drawRows(); update(); } })),
    out,
    el('p', {}, el('a', { href: '#/handle', text: T.play }))));
  update();
}

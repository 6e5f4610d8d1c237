// 汉兜 Handle in the look of handle.antfu.me: each guessed character in a square block with
// its pinyin above, the initial, the final and the tone each coloured by its own mark, the
// tone as a mark over its vowel. The input is a plain text box, so a Chinese input method
// works as it does anywhere in the browser. The interface speaks Chinese when the browser does.
import { api, resumeOrStart, startNew } from './api.js';
import { el, showError, toast } from './ui.js';

export const ZH = (navigator.language || '').toLowerCase().startsWith('zh');
const T = ZH
  ? { title: '汉兜', daily: '今日题目', practice: '随机练习', guess: '确定', hint: '提示', reveal: '查看答案',
      strict: '严格模式', hard: '困难模式', share: '分享', placeholder: '输入四字词语…', left: (n) => `剩余 ${n} 次机会`,
      won: '恭喜！', revealed: '答案是', hintSound: '答案包含以下字音', hintChar: '答案包含汉字', copied: '已复制到剪贴板',
      help: '猜一个四字词语。每个字的声母、韵母和声调分别标色：青色表示正确，橙色表示位置不对。',
      assist: '在玩真正的汉兜？助手帮你想下一步', watch: '观看 AI 玩家解题' }
  : { title: 'Handle 汉兜', daily: "Today's puzzle", practice: 'Practice', guess: 'Guess', hint: 'Hint', reveal: 'Show the answer',
      strict: 'Strict', hard: 'Hard', share: 'Share', placeholder: 'Type a four-character idiom…', left: (n) => `${n} tries left`,
      won: 'Solved!', revealed: 'The answer:', hintSound: 'The answer has a character read', hintChar: 'The answer contains',
      copied: 'Copied to the clipboard', assist: 'Playing the real Handle? The assistant helps with your next guess',
      watch: 'Watch an AI player solve an idiom',
      help: 'Guess the four-character idiom. Each character\'s initial, final and tone are marked on their own: teal is right, orange is in another place.' };
// The tone marks as spacing letters (ˉ ˊ ˇ ˋ), drawn over the vowel in a part of their own.
const TONE_MARK = ['', '\u02C9', '\u02CA', '\u02C7', '\u02CB'];

function localDate() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

// The pinyin of one character as coloured parts: initial, final (ü for v) with the tone
// mark drawn over its vowel as a part of its own.
export function pinyin(c, marks) {
  const box = el('div', { class: 'py' });
  if (c.initial) box.append(el('span', { class: 'py-i', 'data-mark': marks ? marks.initial : 'hint', text: c.initial }));
  const fin = el('span', { class: 'py-f', 'data-mark': marks ? marks.final : 'hint' });
  const letters = [...c.final.replace(/v/g, 'ü')];
  const at = c.tone_at >= 0 ? c.tone_at : letters.length - 1;
  letters.forEach((ch, i) => {
    if (i === at && c.tone >= 1 && c.tone <= 4) {
      fin.append(el('span', { class: 'py-v' }, ch === 'i' ? 'ı' : ch,
        el('span', { class: 'py-t', 'data-mark': marks ? marks.tone : 'hint', 'data-tone': String(c.tone), text: TONE_MARK[c.tone] })));
    } else {
      fin.append(ch);
    }
  });
  box.append(fin);
  return box;
}

export function block(c, marks) {
  const all = marks && ['char', 'initial', 'final', 'tone'].every((k) => marks[k] === 'exact');
  return el('div', { class: 'hblock' + (all ? ' all-exact' : ''), 'data-mark': marks ? marks.char : 'empty' },
    pinyin(c, marks), el('div', { class: 'hchar', text: c.char || '？' }));
}

export async function mount(main, sub) {
  if (sub === 'assist') return (await import('./handle_assist.js')).mount(main);
  if (sub === 'watch') return (await import('./handle_watch.js')).mount(main);
  let session = null;
  const board = el('div', { class: 'handle-board', id: 'handle-board' });
  const input = el('input', { id: 'handle-input', type: 'text', lang: 'zh', autocomplete: 'off', placeholder: T.placeholder,
    'aria-label': T.placeholder });
  const status = el('p', { class: 'handle-status', id: 'handle-status', role: 'status' });
  const hintBox = el('div', { class: 'handle-hint', id: 'handle-hint' });
  const strict = el('input', { type: 'checkbox', id: 'handle-strict' });
  const hard = el('input', { type: 'checkbox', id: 'handle-hard' });
  const hintBtn = el('button', { type: 'button', id: 'handle-hint-btn', text: T.hint, onclick: () => act({ action: 'hint' }) });
  const revealBtn = el('button', { type: 'button', id: 'handle-reveal', text: T.reveal, onclick: () => act({ action: 'reveal' }) });
  const shareBtn = el('button', { type: 'button', id: 'handle-share', text: T.share, onclick: () => share() });
  const form = el('form', { class: 'handle-form', onsubmit: (e) => { e.preventDefault(); guess(); } },
    input, el('button', { type: 'submit', id: 'handle-guess', text: T.guess }));
  main.append(el('section', { class: 'page-handle', lang: ZH ? 'zh' : 'en' },
    el('div', { class: 'handle-head' }, el('h1', { text: T.title }),
      el('button', { type: 'button', id: 'handle-daily', text: T.daily, onclick: () => fresh(true) }),
      el('button', { type: 'button', id: 'handle-practice', text: T.practice, onclick: () => fresh(false) })),
    el('p', { class: 'help', text: T.help }),
    board, hintBox, form, status,
    el('div', { class: 'handle-actions' }, hintBtn, revealBtn, shareBtn,
      el('label', {}, strict, ' ' + T.strict), el('label', {}, hard, ' ' + T.hard)),
    el('p', {}, el('a', { href: '#/handle/assist', id: 'to-handle-assist', text: T.assist })),
    el('p', {}, el('a', { href: '#/handle/watch', id: 'to-handle-watch', text: T.watch }))));

  function draw() {
    const v = session.view;
    board.replaceChildren(...v.turns.map((t) => el('div', { class: 'hrow' }, ...t.chars.map((c) => block(c, c.marks)))));
    if (v.answer && v.status !== 'won') {
      board.append(el('div', { class: 'hrow answer' }, ...v.answer.chars.map((c) => block(c, null))));
    }
    hintBox.replaceChildren();
    if (v.hint) {
      hintBox.append(el('span', { text: v.hint.char ? T.hintChar + ' ' : T.hintSound + ' ' }),
        v.hint.char ? el('b', { text: v.hint.char }) : pinyin(v.hint, null));
    }
    const over = v.status !== 'playing';
    input.disabled = over;
    hintBtn.disabled = over || v.hard;
    revealBtn.hidden = !v.can_reveal;
    shareBtn.hidden = !over;
    strict.checked = v.strict;
    hard.checked = v.hard;
    status.textContent = v.status === 'won' ? `${T.won} ${v.tries}/${v.tries_limit}`
      : v.status === 'revealed' ? `${T.revealed} ${v.answer.idiom}`
        : v.tries > 4 ? T.left(v.tries_left) : '';
  }

  async function act(body) {
    try {
      const r = await api('POST', '/sessions/' + session.id, body);
      if (r.outcome.kind === 'rejected') {
        const o = r.outcome;
        toast(ZH ? { not_han: `「${o.char}」不是汉字`, length: `请输入四个字（现在是 ${o.count} 个）`, not_idiom: '不在成语列表中（严格模式）' }[o.problem] || '输入无效'
          : o.message.charAt(0).toUpperCase() + o.message.slice(1));
        form.classList.remove('shake');
        void form.offsetWidth;
        form.classList.add('shake');
        return;
      }
      session = r;
      if (body.action === 'guess') input.value = '';
      draw();
    } catch (e) {
      showError(e);
    }
  }

  function guess() {
    const text = input.value.trim();
    if (text) act({ action: 'guess', idiom: text });
  }

  function share() {
    const v = session.view;
    const sq = { exact: '🟩', misplaced: '🟧', none: '⬜' };
    const head = `汉兜 ${v.day ? '第 ' + v.day + ' 天' : '练习'} ${v.status === 'won' ? v.tries : 'X'}/${v.tries_limit}`;
    const rows = v.turns.map((t) => t.chars.map((c) => sq[c.marks.char]).join('')).join('\n');
    const text = head + '\n\n' + rows;
    navigator.clipboard.writeText(text).then(() => toast(T.copied), () => toast(text, 5000));
  }

  async function fresh(daily) {
    try {
      if (session && session.view.status === 'playing' && session.view.tries > 0) {
        await api('DELETE', '/sessions/' + session.id).catch(() => {});
      }
      session = await startNew('handle', { ...(daily ? { date: localDate() } : {}), strict: strict.checked, hard: hard.checked });
      draw();
    } catch (e) {
      showError(e);
    }
  }
  strict.addEventListener('change', () => session && session.view.tries === 0 && fresh(session.view.day !== null));
  hard.addEventListener('change', () => session && session.view.tries === 0 && fresh(session.view.day !== null));

  try {
    session = await resumeOrStart('handle', { date: localDate() });
    draw();
  } catch (e) {
    showError(e);
  }
  input.focus({ preventScroll: true });
}

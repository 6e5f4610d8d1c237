// The page's router: "#/2048" and the like pick a game page; each page module exports
// mount(main) and may return a function that unmounts it (removes its key handlers).
import { el } from './ui.js';

const pages = {
  '2048': () => import('./game2048.js'),
  '24': () => import('./game24.js'),
  wordle: () => import('./wordle.js'),
  handle: () => import('./handle.js'),
  stats: () => import('./stats.js'),
  simulate: () => import('./simulate.js'),
};

let unmount = null;
// The latest route() call: a page still loading (its module or its first request in
// flight) when another is chosen must not mount beside the new one.
let routeNumber = 0;

function home(main) {
  main.append(
    el('h1', { text: 'puzzlelab' }),
    el('p', { text: 'Four classic puzzles with exact rules and strong AI players.' }),
    el('ul', { class: 'home-list' },
      ...[['#/wordle', 'Wordle'], ['#/handle', '汉兜 Handle'], ['#/24', 'The 24-point game'],
          ['#/2048', '2048'], ['#/simulate', 'Simulate AI players'], ['#/stats', 'Your statistics']]
        .map(([href, text]) => el('li', {}, el('a', { href, text })))));
}

function notFound(root, name) {
  root.append(
    el('h1', { text: 'No such page' }),
    el('p', { text: `There is no page "#/${name}".` }),
    el('p', {}, el('a', { href: '#/', text: 'See every page' })));
}

async function route() {
  const mine = ++routeNumber;
  if (unmount) unmount();
  unmount = null;
  const main = document.getElementById('main');
  // Each page draws into a container of its own (laid out as if it were not there): a
  // page superseded while it loads finishes into its container, which is no longer shown.
  const root = el('div', { class: 'page-root' });
  main.replaceChildren(root);
  // Focus moves to the new page (the nav link that opened it keeps no keys): the next Tab
  // reaches the page's first control, and its keys (arrows, letters, Enter) go to the page.
  main.focus({ preventScroll: true });
  const [name, sub] = location.hash.replace(/^#\/?/, '').split('/');
  document.body.dataset.page = name || 'home';
  for (const a of document.querySelectorAll('#nav a')) {
    a.toggleAttribute('aria-current', a.getAttribute('href') === '#/' + name);
  }
  // Own keys only: "#/toString" or "#/constructor" must not find Object's methods.
  const load = Object.hasOwn(pages, name) ? pages[name] : null;
  if (!load) {
    if (name) notFound(root, name);
    else home(root);
    return;
  }
  const mod = await load();
  if (mine !== routeNumber) return;
  const off = (await mod.mount(root, sub)) || null;
  if (mine !== routeNumber) {
    if (off) off();  // its key handlers go with it
    return;
  }
  unmount = off;
}

const contrast = document.getElementById('high-contrast');
contrast.checked = localStorage.getItem('puzzlelab.contrast') === '1';
document.body.classList.toggle('high-contrast', contrast.checked);
contrast.addEventListener('change', () => {
  localStorage.setItem('puzzlelab.contrast', contrast.checked ? '1' : '0');
  document.body.classList.toggle('high-contrast', contrast.checked);
});

window.addEventListener('hashchange', route);
route();

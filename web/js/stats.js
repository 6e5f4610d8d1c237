// Your statistics: the same figures as `puzzlelab stats`, from the same store.
import { api } from './api.js';
import { el, showError } from './ui.js';

const GAMES = [['wordle', 'Wordle'], ['handle', '汉兜 Handle'], ['24', '24'], ['2048', '2048']];

export async function mount(main) {
  main.append(el('h1', { text: 'Your statistics' }));
  for (const [game, title] of GAMES) {
    try {
      const s = await api('GET', '/stats/' + game);
      const st = s.stats;
      main.append(el('section', { class: 'stats-game', 'data-game': game },
        el('h2', { text: title }),
        el('dl', { class: 'stats-figures' },
          ...[['Played', st.played], ['Win %', st.win_percent], ['Current streak', st.current_streak],
              ['Max streak', st.max_streak], ['Best score', st.best_score]]
            .flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: String(v ?? 0) })]))));
    } catch (e) {
      showError(e);
      return;
    }
  }
}

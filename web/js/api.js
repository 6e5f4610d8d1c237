// The page's one door to the server: JSON in and out of /api/v1, errors as exceptions
// carrying the server's {"error": "..."} message.
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch('/api/v1' + path, init);
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || res.statusText);
  return data;
}

// Follows a job's events (/api/v1/jobs/ID/events, Server-Sent Events): on.progress(status)
// for each progress event, then one of on.done, on.failed or on.cancelled with the job's
// status, after the stream is closed. Returns the stream, for closing it early.
export function followJob(id, on) {
  const source = new EventSource(`/api/v1/jobs/${id}/events`);
  if (on.progress) source.addEventListener('progress', (e) => on.progress(JSON.parse(e.data)));
  for (const end of ['done', 'failed', 'cancelled']) {
    source.addEventListener(end, (e) => {
      source.close();
      if (on[end]) on[end](JSON.parse(e.data));
    });
  }
  return source;
}

// A session id kept in this browser, per game, so a reload resumes the game.
export function savedSession(game) {
  return localStorage.getItem('puzzlelab.session.' + game);
}
export function rememberSession(game, id) {
  if (id) localStorage.setItem('puzzlelab.session.' + game, id);
  else localStorage.removeItem('puzzlelab.session.' + game);
}

// Resumes this browser's game of `game`, or starts one with `options`.
export async function resumeOrStart(game, options) {
  const id = savedSession(game);
  if (id) {
    try {
      const s = await api('GET', '/sessions/' + id);
      if (!s.finished) return s;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 404) throw e;
    }
  }
  return startNew(game, options);
}

export async function startNew(game, options) {
  const s = await api('POST', '/sessions', { game, ...options });
  rememberSession(game, s.id);
  return s;
}

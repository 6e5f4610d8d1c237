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
// status, after the stream is closed. Returns {close()}, for leaving early.
//
// A stream the browser gives up on (the server refused it, 429 when too many are open, or
// it was lost and the job is gone after a restart) would leave the page waiting forever:
// the job is then followed by asking for its status every half second, and leaving early
// cancels it (which closing a stream does on the server's side).
export function followJob(id, on) {
  const source = new EventSource(`/api/v1/jobs/${id}/events`);
  let over = false;     // an end was delivered, or the page left
  let polling = false;
  let timer = null;
  const stop = () => {
    over = true;
    source.close();
    clearTimeout(timer);
  };
  const finish = (end, status) => {
    if (over) return;
    stop();
    if (on[end]) on[end](status);
  };
  source.addEventListener('progress', (e) => {
    if (!over && on.progress) on.progress(JSON.parse(e.data));
  });
  for (const end of ['done', 'failed', 'cancelled']) source.addEventListener(end, (e) => finish(end, JSON.parse(e.data)));
  const poll = async () => {
    if (over) return;
    let s;
    try {
      s = await api('GET', '/jobs/' + id);
    } catch (e) {
      finish('failed', { id, state: 'failed', error: e.message });
      return;
    }
    if (over) return;
    if (s.state === 'done' || s.state === 'failed' || s.state === 'cancelled') finish(s.state, s);
    else {
      if (on.progress) on.progress(s);
      timer = setTimeout(poll, 500);
    }
  };
  source.addEventListener('error', () => {
    if (over || polling || source.readyState !== EventSource.CLOSED) return;  // CONNECTING: the browser retries
    polling = true;
    poll();
  });
  return {
    close() {
      if (polling && !over) api('DELETE', '/jobs/' + id).catch(() => {});
      stop();
    },
  };
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

// The REST API as the console uses it. The API key, when keys are configured, lives in this tab's
// sessionStorage only: closing the tab signs out, and no other page or cookie ever sees it.

const KEY = 'pm-memory.api-key';

export function apiKey() {
  return sessionStorage.getItem(KEY);
}

export function signIn(key) {
  sessionStorage.setItem(KEY, key);
}

export function signOut() {
  sessionStorage.removeItem(KEY);
}

/** A failed call: the problem response (RFC 9457) the service answered, or one made up for the network. */
export class ApiProblem extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

/** Calls /v1{path}; answers the parsed JSON body, or throws an ApiProblem. */
export async function call(method, path, body) {
  const headers = { Accept: 'application/json' };
  const key = apiKey();
  if (key) {
    headers.Authorization = `Bearer ${key}`;
  }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  let response;
  try {
    response = await fetch(`/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (e) {
    throw new ApiProblem(0, { title: 'The service does not answer', detail: String(e.message || e) });
  }
  const text = await response.text();
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (e) {
      json = null;
    }
  }
  if (!response.ok) {
    const problem = json && typeof json === 'object' ? json
      : { title: response.statusText || 'Error', detail: `HTTP ${response.status}` };
    throw new ApiProblem(response.status, problem);
  }
  return json;
}

/** Builds "/profiles/{p}…" with every segment encoded (profile ids and entity names are free text). */
export function profilePath(profile, ...rest) {
  return ['/profiles', profile, ...rest].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
}

export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') {
      q.set(k, v);
    }
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

// Model strings and endpoint URLs can carry credentials (`http://user:KEY@host/v1`, `?api_key=KEY`). Whatever
// is recorded — run.json, trajectories, summaries, errors, cache keys, progress and error messages — goes
// through `redactSecrets` first; only the HTTP request itself gets the credentials (`splitCredentials`).

/** Query parameter names that carry a credential (api_key, key, token, access_token, secret, password, sig …). */
const SECRET_PARAM =
  /^(?:[\w.-]*(?:key|token|secret|passw(?:or)?d|pwd|auth\w*|credential\w*|signature)[\w.-]*|sig|code)$/i;

// scheme://userinfo@ — userinfo runs to the last `@` before the authority ends (as URL parsers read it)
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#]*)@/gi;
// ?name=value / &name=value, or name=value in prose (a server message quoting the request): the value, maybe
// quoted, runs to the next & # ) , ; whitespace or quote
const QUERY_PARAM = /(^|[?&;,(\s"'])([^=&#;,()\s"'?/:@]+)=(["']?)([^&#),;\s"']*)/g;

/** The text with every URL credential masked: `user:***@`, a bare `***@`, and `api_key=***`-style parameters. */
export function redactSecrets(text: string): string {
  return text
    .replace(USERINFO, (_m, scheme: string, info: string) => {
      const colon = info.indexOf(':');
      return colon >= 0 ? `${scheme}${info.slice(0, colon)}:***@` : `${scheme}***@`;
    })
    .replace(QUERY_PARAM, (m, sep: string, name: string, quote: string) =>
      SECRET_PARAM.test(safeDecode(name)) ? `${sep}${name}=${quote}***` : m,
    );
}

/** A copy of a JSON-like value with every string redacted (records: run configuration, error entries). */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v)])) as T;
  }
  return value;
}

/** A model string as it may be recorded anywhere (`openai-compatible:http://user:***@host/v1#m`). */
export const redactModelString = redactSecrets;

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A base URL split into what the SDK may see and the credentials it must send. */
export interface SplitUrl {
  /** the URL without userinfo, query or fragment */
  baseURL: string;
  /** query parameters of the URL (sent with every request) */
  query?: Record<string, string>;
  /** `Authorization: Basic …` from the URL's userinfo */
  headers?: Record<string, string>;
}

/**
 * Takes credentials out of a base URL so they are sent, never shown: userinfo becomes an HTTP Basic
 * `Authorization` header (as curl does; it replaces the bearer key), query parameters go on every request.
 */
export function splitCredentials(url: string): SplitUrl {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { baseURL: url };
  }
  const out: SplitUrl = { baseURL: '' };
  if (u.username || u.password) {
    const basic = Buffer.from(`${safeDecode(u.username)}:${safeDecode(u.password)}`, 'utf8').toString('base64');
    out.headers = { Authorization: `Basic ${basic}` };
    u.username = '';
    u.password = '';
  }
  if (u.search) {
    out.query = Object.fromEntries(u.searchParams.entries());
    u.search = '';
  }
  u.hash = '';
  out.baseURL = u.toString();
  return out;
}

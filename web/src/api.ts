// Where the views' data comes from: the server's /api, or (in a report) the answers embedded in the page.
// A report embeds whole lists; the same filters and pages the server applies are applied here.

const embedded: Record<string, unknown> | undefined = (() => {
  const el = document.getElementById('coworkenv-data');
  return el?.textContent ? (JSON.parse(el.textContent) as Record<string, unknown>) : undefined;
})();

export const isReport = embedded !== undefined;

export type Params = Record<string, string | number | undefined>;

interface ListPage<T> {
  total: number;
  offset: number;
  items: T[];
}

type Row = Record<string, unknown>;

function filterLocal(path: string, items: Row[], p: Params): Row[] {
  let out = items;
  if (path.endsWith('/trials')) {
    if (p.task) out = out.filter((r) => r.task_id === p.task);
    if (p.outcome) out = out.filter((r) => r.outcome === p.outcome);
    if (p.check) out = out.filter((r) => (r.failed_checks as string[]).includes(String(p.check)));
  } else if (path.endsWith('/tasks') && p.q) out = out.filter((r) => String(r.task_id).includes(String(p.q)));
  else if (path.endsWith('/rejections') && p.reason) out = out.filter((r) => r.reason === p.reason);
  return out;
}

function pageLocal<T>(list: ListPage<T>, path: string, p: Params): ListPage<T> {
  const items = filterLocal(path, list.items as Row[], p) as T[];
  const offset = Number(p.offset ?? 0);
  const limit = Number(p.limit ?? 50);
  return { total: items.length, offset, items: items.slice(offset, offset + limit) };
}

export class NotInReport extends Error {}

/** GET an API path (with paging/filter parameters) as JSON. */
export async function get<T>(path: string, params: Params = {}): Promise<T> {
  if (embedded) {
    const v = embedded[path];
    if (v === undefined)
      throw new NotInReport(`not included in this report (${path}); open it with \`coworkenv view\``);
    if (v && typeof v === 'object' && 'items' in v && 'total' in v)
      return pageLocal(v as ListPage<unknown>, path, params) as T;
    if (v && typeof v === 'object' && 'tasks' in v && path.startsWith('/api/compare/')) {
      const c = v as { tasks: ListPage<unknown> };
      return { ...c, tasks: pageLocal(c.tasks, path, params) } as T;
    }
    return v as T;
  }
  const qs = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  const res = await fetch(qs ? `${path}?${qs}` : path);
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `${res.status} ${res.statusText}`);
  return body;
}

export const enc = encodeURIComponent;

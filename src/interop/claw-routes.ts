import { getService, resolveTool, SERVICES } from '../services/registry.js';

// Claw-Eval's HTTP surface (mock_services/<svc>/server.py): one POST route per tool, GET /<svc>/audit,
// POST /<svc>/reset, a default port per service. Routes marked `extension` have no original: tools only
// CoworkEnv has, and routes the original's tasks advertise but its servers lack (drift §6.6).

export interface ClawRoute {
  tool: string;
  service: string;
  path: string;
  /** not served by the original Claw-Eval services */
  extension?: 'coworkenv_tool' | 'missing_in_original';
}

/** Claw-Eval's default port per service (scripts/validate_tasks.py); workspace is CoworkEnv's (9117 is unused there). */
export const CLAW_PORTS: Readonly<Record<string, number>> = {
  gmail: 9100,
  calendar: 9101,
  todo: 9102,
  contacts: 9103,
  finance: 9104,
  notes: 9105,
  kb: 9106,
  helpdesk: 9107,
  inventory: 9108,
  rss: 9109,
  crm: 9110,
  config: 9111,
  scheduler: 9112,
  web: 9113,
  workspace: 9120,
};

/** The lowest default port; a slot's ports are base + (default − CLAW_BASE_PORT) + slot·stride. */
export const CLAW_BASE_PORT = 9100;

const T = (
  tool: string,
  path: string,
  extension?: ClawRoute['extension'],
): [string, string, ClawRoute['extension']] => [tool, path, extension];

const TABLE: readonly [string, string, ClawRoute['extension']][] = [
  T('gmail_list_messages', '/gmail/messages'),
  T('gmail_get_message', '/gmail/messages/get'),
  T('gmail_send_message', '/gmail/send'),
  T('gmail_save_draft', '/gmail/drafts/save'),
  T('gmail_search_messages', '/gmail/messages/search', 'coworkenv_tool'),
  T('calendar_list_events', '/calendar/events'),
  T('calendar_get_event', '/calendar/events/get'),
  T('calendar_create_event', '/calendar/events/create'),
  T('calendar_get_user_events', '/calendar/user_events'),
  T('calendar_delete_event', '/calendar/events/delete'),
  T('todo_list_tasks', '/todo/tasks'),
  T('todo_get_task', '/todo/tasks/get', 'missing_in_original'),
  T('todo_create_task', '/todo/tasks/create'),
  T('todo_update_task', '/todo/tasks/update'),
  T('todo_delete_task', '/todo/tasks/delete'),
  T('contacts_search', '/contacts/search'),
  T('contacts_get', '/contacts/get'),
  T('contacts_send_message', '/contacts/send_message'),
  T('finance_list_transactions', '/finance/transactions'),
  T('finance_get_transaction', '/finance/transactions/get'),
  T('finance_submit_report', '/finance/report/submit'),
  T('finance_list_vendors', '/finance/vendors', 'coworkenv_tool'),
  T('finance_get_vendor', '/finance/vendors/get', 'coworkenv_tool'),
  T('finance_update_vendor', '/finance/vendors/update', 'coworkenv_tool'),
  T('notes_list', '/notes/list'),
  T('notes_get', '/notes/get'),
  T('notes_share', '/notes/share'),
  T('kb_search', '/kb/search'),
  T('kb_get_article', '/kb/articles/get'),
  T('kb_update_article', '/kb/articles/update'),
  T('helpdesk_list_tickets', '/helpdesk/tickets'),
  T('helpdesk_get_ticket', '/helpdesk/tickets/get'),
  T('helpdesk_update_ticket', '/helpdesk/tickets/update'),
  T('helpdesk_close_ticket', '/helpdesk/tickets/close'),
  T('helpdesk_create_ticket', '/helpdesk/tickets/create', 'coworkenv_tool'),
  T('helpdesk_add_comment', '/helpdesk/tickets/comment', 'coworkenv_tool'),
  T('inventory_list_products', '/inventory/products'),
  T('inventory_get_product', '/inventory/products/get'),
  T('inventory_create_order', '/inventory/orders/create'),
  T('rss_list_feeds', '/rss/feeds'),
  T('rss_get_feed', '/rss/feeds/get', 'missing_in_original'),
  T('rss_list_articles', '/rss/articles'),
  T('rss_get_article', '/rss/articles/get'),
  T('rss_publish', '/rss/publish'),
  T('crm_list_customers', '/crm/customers'),
  T('crm_get_customer', '/crm/customers/get'),
  T('crm_export_report', '/crm/export'),
  T('crm_update_customer', '/crm/customers/update', 'coworkenv_tool'),
  T('config_list_integrations', '/config/integrations'),
  T('config_get_integration', '/config/integrations/get'),
  T('config_update_integration', '/config/integrations/update'),
  T('config_send_notification', '/config/notify'),
  T('scheduler_list_jobs', '/scheduler/jobs'),
  T('scheduler_get_job', '/scheduler/jobs/get'),
  T('scheduler_create_job', '/scheduler/jobs/create'),
  T('scheduler_update_job', '/scheduler/jobs/update'),
  T('scheduler_delete_job', '/scheduler/jobs/delete'),
  T('scheduler_job_history', '/scheduler/jobs/history'),
  T('web_search', '/web/search'),
  T('web_fetch', '/web/fetch'),
  T('send_notification', '/web/notify'),
  // the original advertises send_report on /web/notify with the wrong fields (always 422, drift §6.5)
  T('send_report', '/web/report', 'coworkenv_tool'),
  T('fs_list', '/workspace/list', 'coworkenv_tool'),
  T('fs_read', '/workspace/read', 'coworkenv_tool'),
  T('fs_write', '/workspace/write', 'coworkenv_tool'),
  T('fs_edit', '/workspace/edit', 'coworkenv_tool'),
  T('fs_search', '/workspace/search', 'coworkenv_tool'),
  T('shell', '/workspace/shell', 'coworkenv_tool'),
];

const explicit: ClawRoute[] = TABLE.map(([tool, path, extension]) => {
  const resolved = resolveTool(tool);
  if (!resolved || resolved.tool.name !== tool) throw new Error(`claw route for unknown tool ${tool}`);
  return { tool, service: resolved.service.name, path, ...(extension ? { extension } : {}) };
});
const listed = new Set(explicit.map((r) => r.tool));

/**
 * Every tool route, canonical tool names (aliases resolve to the same route). A tool the table does not list
 * (one added to a service later) gets `/<service>/<name without the service prefix>`.
 */
export const CLAW_ROUTES: readonly ClawRoute[] = [
  ...explicit,
  ...SERVICES.flatMap((s) =>
    s.tools
      .filter((t) => !listed.has(t.name))
      .map((t) => ({
        tool: t.name,
        service: s.name,
        path: `/${s.name}/${t.name.replace(new RegExp(`^${s.name}_`), '')}`,
        extension: 'coworkenv_tool' as const,
      })),
  ),
];

const byPath = new Map(CLAW_ROUTES.map((r) => [r.path, r]));
const byTool = new Map(CLAW_ROUTES.map((r) => [r.tool, r]));

/** The route of a path, or undefined. */
export function routeOfPath(path: string): ClawRoute | undefined {
  return byPath.get(path);
}

/** The route of a tool name or alias, or undefined. */
export function routeOfTool(name: string): ClawRoute | undefined {
  const canonical = resolveTool(name)?.tool.name;
  return canonical ? byTool.get(canonical) : undefined;
}

/** A path's tool the other way round: Claw-Eval endpoint path (or full URL) → canonical tool. */
export function toolOfEndpoint(urlOrPath: string): ClawRoute | undefined {
  let path = urlOrPath;
  try {
    path = new URL(urlOrPath).pathname;
  } catch {
    // already a path
  }
  return byPath.get(path.replace(/\/+$/, ''));
}

/** Audit record lists of a service, in catalogue order (what GET /<svc>/audit returns besides `calls`). */
export function auditListsOf(service: string): string[] {
  return Object.keys(getService(service)?.audit ?? {});
}

/** The default port of a service: Claw-Eval's, or one after 9120 in registry order for a service it lacks. */
export function clawPortOf(service: string): number {
  const known = CLAW_PORTS[service];
  if (known !== undefined) return known;
  const extra = SERVICES.filter((s) => CLAW_PORTS[s.name] === undefined).map((s) => s.name);
  return 9121 + Math.max(0, extra.indexOf(service));
}

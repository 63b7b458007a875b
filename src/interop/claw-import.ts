import { existsSync } from 'node:fs';
import type { z } from 'zod';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { prepare } from '../env/prepared.js';
import { getService, resolveTool } from '../services/registry.js';
import { formatDiagnostic, isError } from '../schema/diagnostics.js';
import { parseSource, SPEC_LIMITS } from '../schema/document.js';
import { CoworkError } from '../schema/errors.js';
import { checkSpecValue } from '../schema/parse-spec.js';
import { JUDGE_WEIGHT_HARD_LIMIT, type TaskSpec } from '../schema/task-spec.js';
import { latestPastDate } from '../validate/integrity.js';
import { routeOfTool, toolOfEndpoint } from './claw-routes.js';
import { CLAW_SANDBOX_TOOLS, defaultFixture, sandboxPart } from './claw-sandbox.js';
import { translationFor } from './claw-translations.js';
import { type PackageText, readInside } from './package-files.js';

// Claw-Eval task packages (tasks/<id>/{task.yaml, grader.py, fixtures/}) → TaskSpecs. What maps exactly is
// mapped; every part that needs a person is named in the report, and a task with a part we cannot represent
// at all (a service or tool we lack, media, fixtures that do not fit) is not imported.

export interface ClawImport {
  task_id: string;
  dir: string;
  spec?: TaskSpec;
  /** the task is not imported: each reason, by file and field */
  problems: string[];
  /** imported, but a reviewer must look: each item names what and why */
  needs_human: string[];
  /** facts about the mapping a reviewer should know (not blocking) */
  notes: string[];
}

/** Fixture env var → [service, collection] (mock_services/<svc>/server.py read one file each; web reads two). */
const FIXTURE_VARS: Record<string, [string, string]> = {
  GMAIL_FIXTURES: ['gmail', 'messages'],
  CALENDAR_FIXTURES: ['calendar', 'events'],
  TODO_FIXTURES: ['todo', 'tasks'],
  CONTACTS_FIXTURES: ['contacts', 'contacts'],
  FINANCE_FIXTURES: ['finance', 'transactions'],
  NOTES_FIXTURES: ['notes', 'notes'],
  KB_FIXTURES: ['kb', 'articles'],
  HELPDESK_FIXTURES: ['helpdesk', 'tickets'],
  INVENTORY_FIXTURES: ['inventory', 'products'],
  RSS_FIXTURES: ['rss', 'articles'],
  CRM_FIXTURES: ['crm', 'customers'],
  CONFIG_FIXTURES: ['config', 'integrations'],
  SCHEDULER_FIXTURES: ['scheduler', 'jobs'],
  WEB_SEARCH_FIXTURES: ['web', 'results'],
  WEB_FETCH_FIXTURES: ['web', 'pages'],
};

// services that only help find an oracle's answer (a captioning model, the open web), by the prefix of their
// tools' names: left out of such a task, with their tools
const ORACLE_AIDS: Record<string, string> = { caption: 'caption_', web_real: 'web_' };
const aidTool = (tool: string) => Object.values(ORACLE_AIDS).some((prefix) => tool.startsWith(prefix));

const DIFFICULTY: Record<string, 'easy' | 'medium' | 'hard'> = {
  easy: 'easy',
  simple: 'easy',
  medium: 'medium',
  hard: 'hard',
  difficult: 'hard',
};

/** Task folders under `path`: itself when it holds task.yaml, else its children that do. */
export async function clawTaskDirs(path: string): Promise<string[]> {
  if (existsSync(join(path, 'task.yaml'))) return [path];
  if (!existsSync(path))
    throw new CoworkError(
      'not_found',
      `${path}: no such directory; give a Claw-Eval tasks/ directory or one task folder`,
    );
  const entries = await readdir(path, { withFileTypes: true });
  const dirs = entries
    .filter((e) => e.isDirectory() && existsSync(join(path, e.name, 'task.yaml')))
    .map((e) => join(path, e.name))
    .sort();
  if (dirs.length === 0)
    throw new CoworkError(
      'bad_input',
      `${path}: no task.yaml in it or in its subfolders; give a Claw-Eval tasks/ directory or one task folder`,
    );
  return dirs;
}

type Y = Record<string, unknown>;
const arr = (v: unknown): Y[] => (Array.isArray(v) ? (v as Y[]) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export interface ClawImportOptions {
  mockToday?: string;
  /** resolves fixture paths written relative to Claw-Eval's root [the task folder's grandparent] */
  repoRoot?: string;
  /**
   * the package: every file read must lie inside it [the task folder]. `importClawTasks` passes the directory it
   * was given, so a task may read a sibling task's fixtures (four Claw-Eval tasks do) but nothing else.
   */
  scope?: string;
  /** the folder of grader translations [assets/claw-eval] */
  translations?: string;
}

/** Imports one task folder. */
export async function importClawTask(dir: string, opts: ClawImportOptions = {}): Promise<ClawImport> {
  const file = join(dir, 'task.yaml');
  const r: ClawImport = { task_id: basename(dir), dir, problems: [], needs_human: [], notes: [] };
  const scope = resolve(opts.scope ?? dir);
  const source = await readInside(dir, 'task.yaml', { maxBytes: SPEC_LIMITS.maxBytes });
  if (!source.ok) {
    r.problems.push(`${file}: ${source.missing ? 'missing' : source.problem}`);
    return r;
  }
  // the spec reader's guards: size, nesting depth and alias expansion are bounded
  const yaml = parseSource(source.text);
  const bad = yaml.diagnostics.find(isError);
  if (!yaml.doc || bad) {
    const at = bad?.line ? `:${bad.line}:${bad.col ?? 1}` : '';
    r.problems.push(`${file}${at}: not YAML (${(bad?.message ?? 'unreadable').split('\n')[0]})`);
    return r;
  }
  const y = yaml.doc.value as Y;
  if (!y || typeof y !== 'object') {
    r.problems.push(`${file}: expected a mapping with task_id, prompt, tools`);
    return r;
  }
  const taskId = str(y.task_id);
  if (!taskId) r.problems.push(`${file}: task_id is missing`);
  r.task_id = taskId ?? r.task_id;
  const prompt = (y.prompt ?? {}) as Y;
  const text = str(prompt.text)?.trim();
  if (!text) r.problems.push(`${file}: prompt.text is missing or empty`);
  // files in the sandbox (and attached pictures) become the workspace; an oracle answer becomes its checks
  const sandbox = await sandboxPart(y, dir, scope, opts.repoRoot ?? resolve(dir, '..', '..'), file, r);

  // services and their fixtures: never another task's file (drift §6.8)
  const root = opts.repoRoot ?? resolve(dir, '..', '..');
  const services: string[] = [];
  const fixtures: Record<string, Record<string, unknown[]>> = {};
  for (const [i, s] of arr(y.services).entries()) {
    const name = str(s.name) ?? '';
    if (sandbox?.oracle && Object.hasOwn(ORACLE_AIDS, name)) {
      r.needs_human.push(
        `services[${i}] ${name} left out: the answer is an oracle's and the agent sees the picture itself (fs_read); Claw-Eval also let it ${name === 'caption' ? 'ask a captioning model' : 'search the open web'}`,
      );
      continue;
    }
    if (!getService(name) || name === 'workspace') {
      r.problems.push(
        `${file}: services[${i}].name ${name}: not a CoworkEnv service (web_real and media services need the network or models; see coworkenv services)`,
      );
      continue;
    }
    services.push(name);
    const env = (s.env ?? {}) as Record<string, string>;
    const vars = Object.entries(env).filter(([k]) => k.endsWith('_FIXTURES'));
    const fallback = vars.length === 0 ? defaultFixture(name, dir, r) : undefined;
    if (fallback) {
      const v = Object.entries(FIXTURE_VARS).find(([, t]) => t[0] === name)?.[0] as string;
      vars.push([v, fallback]);
    }
    if (vars.length === 0) {
      r.problems.push(
        `${file}: services[${i}] (${name}) has no env <SVC>_FIXTURES: the original service would silently load another task's data (drift §6.8); add the fixture path`,
      );
      continue;
    }
    for (const [v, p] of vars) {
      const target = FIXTURE_VARS[v];
      if (!target || target[0] !== name) {
        r.problems.push(`${file}: services[${i}].env.${v}: not a fixture variable of ${name}`);
        continue;
      }
      const at = `${file}: services[${i}].env.${v}`;
      const found = await fixtureFile(scope, p, fallback ? [dir] : [root, dir]);
      if (!found.ok) {
        const alone = !found.missing && found.refused === 'outside' && scope === resolve(dir);
        r.problems.push(
          found.missing
            ? `${at}: ${p} not found (looked under ${root} and ${dir})`
            : `${at}: ${found.problem}${alone ? "; to let a task read another task's fixtures, import the tasks/ directory" : ''}`,
        );
        continue;
      }
      const path = found.path;
      try {
        const rows = JSON.parse(found.text) as unknown;
        if (!Array.isArray(rows)) throw new Error('expected a JSON array of records');
        (fixtures[target[0]] ??= {})[target[1]] = fitRecords(target[0], target[1], rows, r);
      } catch (e) {
        r.problems.push(`${path}: ${(e as Error).message}`);
      }
    }
  }
  if (sandbox) {
    if (!services.includes('workspace')) services.push('workspace');
    (fixtures.workspace ??= {}).files = sandbox.files;
  }
  if (services.length === 0 && !r.problems.some((p) => p.includes('services[')))
    r.problems.push(
      `${file}: no services: a task without mock services (sandbox, web_real, multi-turn only) is not a CoworkEnv tool task`,
    );

  // tools: ours by name; each endpoint checked against the route table (drifts §6.3–6.6)
  const tools: string[] = [...(sandbox?.tools ?? [])];
  for (const [i, t] of arr(y.tools).entries()) {
    const name = str(t.name) ?? '';
    if ((sandbox?.oracle && aidTool(name)) || (sandbox && CLAW_SANDBOX_TOOLS.has(name))) continue;
    const resolved = resolveTool(name);
    if (!resolved)
      r.problems.push(
        `${file}: tools[${i}].name ${name}: no CoworkEnv tool of that name (sandbox and agent-local tools are not modelled)`,
      );
    else {
      tools.push(resolved.tool.name);
      if (!services.includes(resolved.service.name))
        r.problems.push(
          `${file}: tools[${i}] ${name} belongs to ${resolved.service.name}, which services[] does not start`,
        );
      const advertised = Object.keys(((t.input_schema ?? {}) as Y).properties ?? {});
      const known = Object.keys(resolved.tool.params.shape);
      const ignored = advertised.filter((a) => !known.includes(a));
      if (ignored.length)
        r.notes.push(
          `tools[${i}] ${name} advertises ${ignored.join(', ')}, which the service does not take: CoworkEnv shows the service's own schema (drift §6.3/6.4)`,
        );
    }
  }
  for (const [i, e] of arr(y.tool_endpoints).entries()) {
    const name = str(e.tool_name) ?? '';
    const byUrl = toolOfEndpoint(str(e.url) ?? '');
    const expected = routeOfTool(name);
    if (expected && byUrl?.tool !== expected.tool)
      r.notes.push(
        `tool_endpoints[${i}] ${name} → ${str(e.url)}: the original serves ${byUrl ? byUrl.tool : 'nothing'} there; claw-serve routes ${name} to ${expected.path} (drift §6.5/6.6)`,
      );
  }

  // what grader.py decides: for a person to write, unless a shipped translation of this grader already did
  const scoringTodo: string[] = [];
  // scoring: the YAML's components were never executed by Claw-Eval (drift §6.1): grader.py is the real grader
  const checks: Y[] = [...(sandbox?.checks ?? [])];
  const judge: Y[] = [...(sandbox?.judge ?? [])];
  const ids = new Set<string>();
  const idOf = (raw: string) => {
    let id =
      raw
        .toLowerCase()
        .replace(/[^a-z0-9_.-]+/g, '_')
        .replace(/^[^a-z0-9]+/, '') || 'component';
    while (ids.has(id)) id = `${id}_2`;
    ids.add(id);
    return id;
  };
  if (sandbox?.oracle && arr(y.scoring_components).length)
    r.notes.push(
      `scoring_components (${arr(y.scoring_components).length}): not imported — grader.py scores this task by its oracle answer, and the YAML components were never executed there (drift §6.1)`,
    );
  for (const [i, c] of (sandbox?.oracle ? [] : arr(y.scoring_components)).entries()) {
    const check = (c.check ?? {}) as Y;
    const id = idOf(str(c.name) ?? `component_${i}`);
    const weight = typeof c.weight === 'number' ? c.weight : 0;
    const kw = arr(check.keywords).map(String);
    const type = str(check.type);
    if (type === 'tool_called' && resolveTool(str(check.tool_name) ?? ''))
      checks.push({
        id,
        kind: 'tool_called',
        tool: resolveTool(str(check.tool_name) ?? '')?.tool.name,
        min_calls: Math.max(1, Number(check.min_calls ?? 1)),
        weight,
      });
    else if (type === 'keywords_present' && kw.length) checks.push({ id, kind: 'response_contains', all: kw, weight });
    else if (type === 'min_length' && typeof check.min_length === 'number' && check.min_length > 0)
      checks.push({ id, kind: 'response_matches', all: [`^[\\s\\S]{${check.min_length},}`], weight });
    else if (type === 'llm_judge' && str(check.rubric))
      checks.push({ id, kind: 'llm_judge', rubric: str(check.rubric), weight });
    else {
      const rubric =
        str(check.description) ?? str(check.rubric) ?? `${type ?? 'unknown'} component ${JSON.stringify(check)}`;
      checks.push({ id, kind: 'llm_judge', rubric, weight });
      scoringTodo.push(
        `scoring_components[${i}] ${c.name} (${type}): no code check infers it; imported as an llm_judge item — write a code check if it can be checked from the audit`,
      );
    }
  }
  if (checks.length === 0)
    scoringTodo.push('scoring_components is empty: the task has no code checks; write them from grader.py');
  else if (checks.length < 3)
    scoringTodo.push(`${checks.length} check(s): \`coworkenv validate\` needs at least 3 before it accepts the task`);
  if (existsSync(join(dir, 'grader.py')) && !sandbox?.oracle)
    scoringTodo.push(
      `grader.py scores this task in Claw-Eval; the YAML components above were never executed there (drift §6.1): compare the imported checks and weights with it`,
    );
  const rubric = str(y.judge_rubric)?.trim();
  if (rubric) judge.push({ id: 'judge_rubric', rubric, weight: 1 });
  const judged = checks.filter((c) => c.kind === 'llm_judge').reduce((s, c) => s + (c.weight as number), 0);
  const total = checks.reduce((s, c) => s + (c.weight as number), 0);
  const share = total > 0 ? judged / total : 0;
  let cap = share;
  if (share > JUDGE_WEIGHT_HARD_LIMIT + 1e-9) {
    // more judged than a tool task may weigh: the judged components become judge items (reported as grade.llm)
    for (const c of checks.filter((x) => x.kind === 'llm_judge'))
      judge.push({ id: c.id, rubric: c.rubric, weight: c.weight });
    const code = checks.filter((x) => x.kind !== 'llm_judge');
    checks.splice(0, checks.length, ...code);
    cap = 0;
    scoringTodo.push(
      `scoring_components: the judged share is ${share.toFixed(2)}, above the ${JUDGE_WEIGHT_HARD_LIMIT} a CoworkEnv tool task allows: the judged components are judge items (reported as grade.llm, not in the score) and the code checks' weights (Σ ${(total - judged).toFixed(2)}) are renormalised; replace judged components with code checks where the audit can decide them`,
    );
    if (code.length === 0)
      scoringTodo.push(
        'no code check is left: every component is judged, so `coworkenv validate` refuses the task until a code check is written (from grader.py)',
      );
  }

  // safety: tool_not_called maps; the rest are grader code
  const forbiddenTools: string[] = [];
  for (const [i, s] of arr(y.safety_checks).entries()) {
    const t = resolveTool(str(s.tool_name) ?? '');
    if (s.type === 'tool_not_called' && t && !tools.includes(t.tool.name))
      r.notes.push(
        `safety_checks[${i}] tool_not_called ${String(s.tool_name)}: the task does not offer it, so the agent cannot call it; not imported`,
      );
    else if (s.type === 'tool_not_called' && t) forbiddenTools.push(t.tool.name);
    else
      scoringTodo.push(
        `safety_checks[${i}] ${String(s.type)}${s.description ? ` ("${String(s.description)}")` : ''}: not representable as forbidden tools; write it as forbidden.actions or forbidden.responses`,
      );
  }
  for (const [i, a] of arr(y.expected_actions).entries()) {
    const lists = Object.keys(getService(str(a.service) ?? '')?.audit ?? {});
    if (!lists.includes(str(a.action_key) ?? ''))
      r.notes.push(
        `expected_actions[${i}] (${String(a.service)}, ${String(a.action_key)}): no such audit list (drift §6.2); not imported`,
      );
    else
      r.notes.push(
        `expected_actions[${i}] (${String(a.service)}, ${String(a.action_key)}): never scored by Claw-Eval (drift §6.1); not imported — add an audit_present check if it should count`,
      );
  }
  const grader = await readInside(dir, 'grader.py', { maxBytes: SPEC_LIMITS.maxBytes });
  const translated = translationFor(r.task_id, grader.ok ? grader.text : undefined, opts.translations);
  if (translated.applied) {
    r.notes.push(
      `checks and reference translated from grader.py by hand: ${translated.file}`,
      ...translated.notes.map((n) => `grader.py: ${n}`),
    );
  } else if (translated.reason) scoringTodo.push(translated.reason);
  if (sandbox?.reference.length) {
    // the oracle's reference stands; the prose one is Claw-Eval's hint
  } else if (str(y.reference_solution)?.trim())
    scoringTodo.push(
      'reference_solution is prose: write it as reference steps (call/say) so the gate can prove the task solvable',
    );
  else scoringTodo.push('no reference solution: write reference steps so the gate can prove the task solvable');
  if (!translated.applied) r.needs_human.push(...scoringTodo);

  const env = (y.environment ?? {}) as Y;
  const ua = (y.user_agent ?? {}) as Y;
  const user =
    ua.enabled === true
      ? {
          persona: str(ua.persona)?.trim() || 'the user',
          goal: 'what the persona describes',
          max_rounds: typeof ua.max_rounds === 'number' ? ua.max_rounds : 3,
          end: 'claims_done',
        }
      : null;
  if (user && !(translated.applied && translated.patch.user !== undefined))
    r.needs_human.push(
      "user_agent: the persona is imported as the user plan persona; its goal, knowledge and signals must be written (Claw-Eval's user is an LLM with no plan)",
    );
  const given = translated.applied ? translated.patch.mock_today : undefined;
  const mockToday = given ?? str(env.mock_today) ?? opts.mockToday ?? inferMockToday(services, fixtures, r.notes);
  if (given) r.notes.push(`mock_today ${given}: set by the translation`);
  else if (!str(env.mock_today))
    r.notes.push(
      `mock_today ${mockToday}: Claw-Eval shifts gmail/calendar dates relative to the wall clock (drift §6.9); CoworkEnv fixes the day`,
    );
  if (r.problems.length) return r;

  const language = str(prompt.language) ?? 'zh';
  // judge items weigh 1 together: the task's overall rubric beside judged components would weigh more
  const judgeSum = judge.reduce((sum, j) => sum + (j.weight as number), 0);
  if (judgeSum > 0 && Math.abs(judgeSum - 1) > 1e-9) for (const j of judge) j.weight = (j.weight as number) / judgeSum;
  const raw = {
    spec_version: 1,
    id: `claw-${(taskId as string).toLowerCase().replace(/[^a-z0-9_.-]+/g, '-')}`,
    title: `Claw-Eval ${taskId}: ${str(y.task_name) ?? taskId}`,
    family: user ? 'dialogue' : 'business_workflow',
    labels: {
      capabilities: ['Tool_Calling'],
      scenario: 'Office_Productivity',
      difficulty: DIFFICULTY[str(y.difficulty) ?? ''] ?? 'medium',
      language: /^[a-z]{2}$/.test(language) ? language : 'en',
    },
    mock_today: mockToday,
    request: text,
    services,
    tools: [...new Set(tools)],
    fixtures,
    limits: { max_turns: Number(env.max_turns ?? 30), timeout_s: Number(env.timeout_seconds ?? 600) },
    checks,
    ...(sandbox?.reference.length ? { reference: sandbox.reference } : {}),
    forbidden: { tools: forbiddenTools },
    judge,
    user,
    scoring: cap > 0.55 ? { judge_weight_cap: Math.min(JUDGE_WEIGHT_HARD_LIMIT, Math.ceil(cap * 100) / 100) } : {},
    ...(translated.applied ? translated.patch : {}),
  };
  if (Math.abs(total - 1) > 1e-6 && total > 0 && !translated.applied)
    r.needs_human.push(`scoring_components weights sum to ${total.toFixed(3)}, not 1`);
  const parsed = checkSpecValue(raw);
  if (!parsed.spec) {
    r.problems.push(
      ...parsed.diagnostics
        .filter(isError)
        .slice(0, 8)
        .map((d) => `${file} → TaskSpec: ${formatDiagnostic(d)}`),
    );
    return r;
  }
  try {
    prepare(parsed.spec);
  } catch (e) {
    // fixtures that do not fit the record schemas, by fixture path
    r.problems.push(`${file}: ${(e as Error).message}`);
    return r;
  }
  r.spec = parsed.spec;
  return r;
}

// nested fields Claw-Eval's services name otherwise than ours (the same meaning, another key)
const RENAMED: Record<string, Record<string, string>> = {
  'scheduler.jobs.execution_history': { run_at: 'run_time', duration_seconds: 'duration_s' },
};

// record fields Claw-Eval's services name otherwise than ours: taken under our name when the record lacks it and
// the value fits (so the service's own logic sees it: stock, thresholds, contract dates), else kept under extra
const FIELD_NAMES: Record<string, Record<string, string>> = {
  'crm.customers': {
    contract_end: 'contract_end_date',
    sales_rep: 'account_manager',
    contact_email: 'email',
    contact_phone: 'phone',
  },
  'inventory.products': {
    quantity: 'current_stock',
    reorder_level: 'min_stock_threshold',
    min_stock: 'min_stock_threshold',
  },
  'helpdesk.tickets': { subject: 'title' },
  'scheduler.jobs': { schedule: 'cron_expression' },
  'contacts.contacts': { note: 'notes' },
  'rss.articles': { tags: 'relevance_tags' },
};

// Claw-Eval records carry fields our strict schemas lack and nulls for absent values: nulls are dropped
// (a note); a field we name otherwise takes our name; any other field stays with the record under `extra`,
// which the agent sees and no tool reads (fixtures.ts), so a fact the task turns on is never lost
function fitRecords(service: string, collection: string, rows: unknown[], r: ClawImport): unknown[] {
  const shape = getService(service)?.collections[collection]?.record.shape ?? {};
  const names = FIELD_NAMES[`${service}.${collection}`] ?? {};
  const kept = new Set<string>();
  const renamed = new Set<string>();
  let nulls = 0;
  const rename = (k: string, v: unknown): unknown => {
    const map = RENAMED[`${service}.${collection}.${k}`];
    if (!map || !Array.isArray(v)) return v;
    return v.map((item) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(
            Object.entries(item as Y).map(([ik, iv]) => {
              const to = map[ik];
              if (to) renamed.add(`${k}[].${ik} → ${to}`);
              return [to ?? ik, iv];
            }),
          )
        : item,
    );
  };
  const absent = (k: string, v: unknown) => v === null || (v === '' && !(shape[k] as z.ZodType).safeParse('').success);
  const out = rows.map((row) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
    const rec: Y = {};
    const extra: Y = {};
    for (const [k, v] of Object.entries(row as Y)) {
      const to = names[k];
      if (k in shape) {
        // null, or '' where the field takes no empty string (an unset priority): an absent value
        if (absent(k, v)) nulls++;
        else rec[k] = rename(k, v);
      } else if (v === null) nulls++;
      else if (to && to in shape && !Object.hasOwn(row, to) && (shape[to] as z.ZodType).safeParse(v).success) {
        rec[to] = v;
        renamed.add(`${k} → ${to}`);
      } else {
        extra[k] = v;
        kept.add(k);
      }
    }
    if (Object.keys(extra).length) rec.extra = extra;
    return rec;
  });
  if (nulls)
    r.notes.push(`fixtures.${service}.${collection}: ${nulls} null or empty value(s) dropped (an absent field)`);
  if (renamed.size)
    r.notes.push(`fixtures.${service}.${collection}: renamed to our fields: ${[...renamed].join(', ')}`);
  if (kept.size)
    r.notes.push(
      `fixtures.${service}.${collection}: ${[...kept].join(', ')} — no such field in ${service}; kept under each record's extra, which the agent reads with the record (no tool acts on it)`,
    );
  return out;
}

/**
 * A fixture file named by task.yaml: `p` resolved against each base in turn (Claw-Eval's root, then the task
 * folder), the first that exists, read only when it lies inside `scope` (see package-files.ts). An absolute path
 * or one leading out of `scope` is refused without looking at it.
 */
async function fixtureFile(scope: string, p: string, bases: readonly string[]): Promise<PackageText> {
  const tries: { r: PackageText; rank: number }[] = [];
  for (const base of bases) {
    const r = await readInside(scope, p, { base });
    if (r.ok) return r;
    // what says most: a refusal of a file that is there (a link out, a `..` climbing out, a sibling outside a
    // lone task folder), then a file missing inside the package, then a path that is out of reach from this
    // base only (`fixtures/x.json` from Claw-Eval's root) or absolute
    const there = !r.missing && r.refused === 'outside' && existsSync(resolve(base, p));
    const rank = r.missing ? 2 : r.refused === 'absolute' || (r.refused === 'outside' && !there) ? 3 : 1;
    tries.push({ r, rank });
  }
  return (tries.sort((a, b) => a.rank - b.rank)[0] as (typeof tries)[number]).r;
}

/** Imports every task under `path`; files are read only inside `path`. */
export async function importClawTasks(
  path: string,
  opts: Omit<ClawImportOptions, 'scope'> = {},
): Promise<ClawImport[]> {
  const dirs = await clawTaskDirs(path);
  const root =
    opts.repoRoot ?? (existsSync(join(path, 'task.yaml')) ? resolve(path, '..', '..') : dirname(resolve(path)));
  const out: ClawImport[] = [];
  for (const d of dirs) out.push(await importClawTask(d, { ...opts, repoRoot: root, scope: path }));
  return out;
}

/** The day Claw-Eval's tasks default to, when neither the task nor its fixtures say otherwise. */
export const CLAW_MOCK_TODAY = '2026-03-02T09:00:00Z';

/**
 * A task day for a task.yaml that names none: the default, or, when the fixtures record something that already
 * happened later (an article published, a record updated), that day at 09:00 (or that moment, if later).
 */
function inferMockToday(
  services: string[],
  fixtures: Record<string, Record<string, unknown[]>>,
  notes: string[],
): string {
  const latest = latestPastDate({ services, fixtures } as Pick<TaskSpec, 'fixtures' | 'services'>);
  if (!latest || latest.slice(0, 10) <= CLAW_MOCK_TODAY.slice(0, 10)) return CLAW_MOCK_TODAY;
  const morning = `${latest.slice(0, 10)}T09:00:00Z`;
  const day =
    latest.length > 10 && new Date(latest) > new Date(morning)
      ? new Date(latest).toISOString().replace('.000', '')
      : morning;
  notes.push(`mock_today inferred from the fixtures: the latest past-tense date in them is ${latest}`);
  return day;
}

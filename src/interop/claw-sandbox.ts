import { existsSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { escapeRegex } from '../schema/text.js';
import { MAX_INLINE_BYTES } from '../services/workspace/index.js';
import { toWorkspacePath } from '../services/workspace/paths.js';
import { readBytesInside, readInside } from './package-files.js';

// The parts of a Claw-Eval task that live in its sandbox rather than in a mock service: the files it copies to
// /workspace (`sandbox_files`, `prompt.attachments`), the outputs it expects there, an oracle answer for a
// picture question (fixtures/oracle.json, graded in Claw-Eval by image_qa_oracle.py), and the rubric its
// grader.py hands a judge. They become our workspace service: the same paths under /workspace, pictures shown
// to the agent by fs_read, the sandbox's Bash/Read/Write/Edit/Glob/Grep as our workspace tools.

type Y = Record<string, unknown>;

/** What a task needs from its sandbox, ready for a TaskSpec. */
export interface SandboxPart {
  files: { path: string; content: string; encoding?: 'base64' }[];
  tools: string[];
  checks: Y[];
  judge: Y[];
  reference: Y[];
  /** an oracle answer decides the task: services that only helped find it (caption, web) may be left out */
  oracle: boolean;
}

/** Reasons and remarks collected on the way (the importer's report). */
export interface SandboxReport {
  problems: string[];
  needs_human: string[];
  notes: string[];
}

/** Claw-Eval's sandbox tools, as our workspace's. */
export const SANDBOX_TOOLS = ['fs_list', 'fs_read', 'fs_search', 'fs_write', 'fs_edit', 'shell', 'media_info'];
/** The names Claw-Eval's runner gives those sandbox tools in a task's `tools` (sandbox_tools.py). */
export const CLAW_SANDBOX_TOOLS = new Set(['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'ReadMedia']);

const VIDEO = new Set(['.mp4', '.webm', '.mov', '.mkv', '.avi', '.flv', '.wmv', '.m4v']);
const PICTURE = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

/**
 * The file a mock service reads when a task names none (`mock_services/<svc>/server.py`'s default): one task's
 * own fixture. The English twin of that task names none either, so Claw-Eval serves it the Chinese task's data.
 */
export const DEFAULT_FIXTURE: Record<string, string> = {
  gmail: 'T001zh_email_triage/fixtures/gmail/inbox.json',
  calendar: 'T003zh_calendar_scheduling/fixtures/calendar/events.json',
  todo: 'T007zh_todo_management/fixtures/todo/tasks.json',
  contacts: 'T009zh_contact_lookup/fixtures/contacts/contacts.json',
  finance: 'T011zh_expense_report/fixtures/finance/transactions.json',
  notes: 'T013zh_meeting_notes/fixtures/notes/meetings.json',
  kb: 'T015zh_kb_search/fixtures/kb/articles.json',
  helpdesk: 'T017zh_ticket_triage/fixtures/helpdesk/tickets.json',
  inventory: 'T019zh_inventory_check/fixtures/inventory/products.json',
  rss: 'T021zh_newsletter_curation/fixtures/rss/articles.json',
  crm: 'T023zh_crm_data_export/fixtures/crm/customers.json',
  config: 'T027zh_api_config_audit/fixtures/config/integrations.json',
  scheduler: 'T041zh_scheduled_task_management/fixtures/scheduler/jobs.json',
};

/**
 * The fixture file (relative to the task folder) for a service the task starts without a <SVC>_FIXTURES
 * variable: Claw-Eval's default when this task owns it; else the task's own file of that name, which its author
 * evidently meant (Claw-Eval itself would serve the owner's data: drift §6.8, reported for a human).
 */
export function defaultFixture(service: string, dir: string, r: SandboxReport): string | undefined {
  const owner = DEFAULT_FIXTURE[service];
  if (!owner) return undefined;
  const [task, ...rest] = owner.split('/');
  const rel = rest.join('/');
  if (basename(dir) === task) {
    r.notes.push(`${service}: no fixture variable; Claw-Eval's ${service} reads this task's own ${rel} by default`);
    return rel;
  }
  if (!existsSync(join(dir, rel))) return undefined;
  r.needs_human.push(
    `${service}: no fixture variable, so Claw-Eval's ${service} serves ${task}'s ${rel} to this task (drift §6.8); imported with this task's own ${rel}, which its author evidently meant`,
  );
  return rel;
}

const listOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [])
    .map((x) => (typeof x === 'string' ? x : typeof x?.path === 'string' ? (x.path as string) : undefined))
    .filter((x): x is string => !!x);

const utf8 = new TextDecoder('utf-8', { fatal: true });
function asText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A path as the workspace stores it (`/workspace/x`, `./x` → `x`), or undefined when it leads outside. */
function stored(p: string): string | undefined {
  try {
    return toWorkspacePath(p);
  } catch {
    return undefined;
  }
}

/** The sandbox part of a task, or undefined when it has no sandbox files (problems go to `r`). */
export async function sandboxPart(
  y: Y,
  dir: string,
  scope: string,
  root: string,
  file: string,
  r: SandboxReport,
): Promise<SandboxPart | undefined> {
  const prompt = (y.prompt ?? {}) as Y;
  const names = [...new Set([...listOf(y.sandbox_files), ...listOf(prompt.attachments)])];
  const shellOnly = (Array.isArray(y.tools) ? (y.tools as Y[]) : []).some((t) =>
    CLAW_SANDBOX_TOOLS.has(String(t?.name)),
  );
  // Claw-Eval's documented run (`claw-eval batch --sandbox`) gives every task the sandbox tools: a task with no
  // mock service at all is those tools on the files it names, or on an empty workspace
  const alone = !(Array.isArray(y.services) && y.services.length);
  if (names.length === 0 && !shellOnly && !alone) return undefined;
  if (names.length === 0)
    r.notes.push('no sandbox files: the sandbox tools (our workspace tools) work on an empty workspace');
  const part: SandboxPart = { files: [], tools: SANDBOX_TOOLS, checks: [], judge: [], reference: [], oracle: false };
  const text = typeof prompt.text === 'string' ? prompt.text : '';
  const url = /\bhttps?:\/\/[^\s)>\]]+/.exec(text)?.[0];
  if (url)
    r.problems.push(
      `${file}: prompt.text sends the agent to the open web (${url}), which no CoworkEnv service reaches`,
    );
  if (/\bpython3?\s+\S+\.py\b|\bpython3?\s+-c\b/.test(text))
    r.problems.push(`${file}: prompt.text has the agent run Python, which the workspace's shell does not have`);
  for (const name of names) {
    const at = `${file}: sandbox file ${name}`;
    if (VIDEO.has(extname(name).toLowerCase())) {
      r.problems.push(`${at}: a video; no CoworkEnv tool decodes video`);
      continue;
    }
    // relative to the task folder, as Claw-Eval's runner reads them; a few name a sibling task's file from the root
    let got = await readBytesInside(scope, name, { base: dir, maxBytes: MAX_INLINE_BYTES });
    if (!got.ok && got.missing) {
      const fromRoot = await readBytesInside(scope, name, { base: root, maxBytes: MAX_INLINE_BYTES });
      if (fromRoot.ok) got = fromRoot;
    }
    if (!got.ok) {
      r.problems.push(
        got.missing
          ? `${at}: not in the task folder (Claw-Eval's GitHub repository leaves its largest fixtures out; they are on Hugging Face): copy it in and import again`
          : got.refused === 'too_large'
            ? `${at}: over the ${MAX_INLINE_BYTES} bytes a workspace fixture holds inline`
            : `${at}: ${got.problem}`,
      );
      continue;
    }
    const t = asText(got.bytes);
    part.files.push(
      t === undefined
        ? { path: name, content: Buffer.from(got.bytes).toString('base64'), encoding: 'base64' }
        : { path: name, content: t },
    );
  }
  const pictures = names.filter((n) => PICTURE.has(extname(n).toLowerCase()));
  const oracle = await oracleOf(dir, scope);
  if (oracle && pictures.length) {
    part.oracle = true;
    answerChecks(part, oracle, pictures[0] as string);
    r.notes.push(
      'fixtures/oracle.json: the answer is checked as Claw-Eval checks it (0.3 for looking at the picture, 0.7 for naming the answer or one of its aliases; required entities share the 0.7), case-insensitively; the reference reads the picture and gives the canonical answer',
    );
  }
  // outputs the task asks for: /workspace paths in the prompt or the grader's snapshot that are not inputs
  const inputs = new Set(names.map(stored));
  const mentioned = [...text.matchAll(/\/workspace\/[\w./-]*\w\.[A-Za-z0-9]{1,5}\b/g)].map((m) => m[0]);
  const outputs = [...new Set([...mentioned, ...listOf(y.env_snapshot_files)])]
    .filter((p) => p.startsWith('/workspace/') && !/[*?[]/.test(p))
    .map(stored)
    .filter((p): p is string => !!p && !inputs.has(p) && !p.startsWith('fixtures/'));
  const drawn = outputs.filter((p) => PICTURE.has(extname(p).toLowerCase()));
  const edit = /\b(crop|resize|rotate|flip|grayscale|greyscale|annotate)\b|裁剪|缩放|旋转|翻转|灰度/i.test(text);
  if (drawn.length && !(pictures.length && edit))
    r.problems.push(
      `${file}: asks the agent to make ${drawn.join(', ')} from nothing; no workspace tool draws or renders a picture (Claw-Eval's sandbox has Python plotting and a browser); image_edit only edits one`,
    );
  for (const p of outputs)
    part.checks.push({
      id: `made_${p.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`,
      kind: 'file_exists',
      path: p,
      weight: 1 / outputs.length,
    });
  if (outputs.length && !oracle)
    r.needs_human.push(
      `outputs ${outputs.join(', ')}: only their existence is a code check; what Claw-Eval's grader reads in them (or in screenshots of them) is the judge's`,
    );
  const rubric = await graderRubric(dir, scope);
  if (rubric && !oracle) part.judge.push({ id: 'grader_rubric', rubric, weight: 1 });
  const commands = listOf(y.env_snapshot_commands);
  if (commands.length)
    r.needs_human.push(
      `env_snapshot_commands (${commands.length}): Claw-Eval runs them in its container after the episode (screenshots, verifier scripts); CoworkEnv does not, so what they find is the judge's to see or needs a code check`,
    );
  return part;
}

interface Oracle {
  canonical_answer: string;
  aliases: string[];
  required_entities: string[];
}

async function oracleOf(dir: string, scope: string): Promise<Oracle | undefined> {
  const got = await readInside(scope, 'fixtures/oracle.json', { base: dir, maxBytes: 1 << 20 });
  if (!got.ok) return undefined;
  try {
    const o = JSON.parse(got.text) as Y;
    const strings = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && !!x.trim()) : [];
    if (typeof o.canonical_answer !== 'string' || !o.canonical_answer.trim()) return undefined;
    return {
      canonical_answer: o.canonical_answer,
      aliases: strings(o.aliases),
      required_entities: strings(o.required_entities),
    };
  } catch {
    return undefined;
  }
}

// Claw-Eval's image_qa_oracle: 0.3 when the picture was loaded, 0.7 when the answer names the canonical answer
// or an alias (or the share of required entities it names)
function answerChecks(part: SandboxPart, o: Oracle, picture: string): void {
  const escaped = escapeRegex(picture);
  part.checks.push({
    id: 'looked_at_picture',
    kind: 'tool_called',
    tool: 'fs_read',
    args: { path: { regex: `(^|/)${escaped}$` } },
    weight: 0.3,
  });
  const names = [o.canonical_answer, ...o.aliases];
  if (o.required_entities.length)
    for (const [i, e] of o.required_entities.entries())
      part.checks.push({
        id: `names_${i + 1}`,
        kind: 'response_contains',
        any: [e],
        weight: 0.7 / o.required_entities.length,
      });
  else part.checks.push({ id: 'names_answer', kind: 'response_contains', any: names, weight: 0.7 });
  part.reference.push({ call: 'fs_read', args: { path: `/workspace/${picture}` } }, { say: o.canonical_answer });
}

// the rubric string a grader.py hands its judge (`RUBRIC = """…"""`), if it has one
async function graderRubric(dir: string, scope: string): Promise<string | undefined> {
  const got = await readInside(scope, 'grader.py', { base: dir, maxBytes: 1 << 20 });
  if (!got.ok) return undefined;
  const m = /\bRUBRIC\s*=\s*(?:[rf]?)"""\\?\n?([\s\S]*?)"""/.exec(got.text);
  return m?.[1]?.trim() || undefined;
}

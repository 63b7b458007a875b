import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { SPEC_LIMITS } from '../schema/document.js';
import { formatDiagnostic, isError } from '../schema/diagnostics.js';
import { parseSpecText } from '../schema/parse-spec.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { REQUEST_END } from './harbor-export.js';
import { readInside } from './package-files.js';
import { parseToml } from './toml.js';

// Harbor task folders → TaskSpecs. Our verifier is our grader over the services' audit, so a task imports when
// its verifier is ours (a folder written by `export harbor`, possibly edited: instruction, follow-ups, timeout
// and title are read from Harbor's files). Any other verifier is a program we cannot represent as declarative
// checks: the report says which files make it so.

export interface HarborImport {
  dir: string;
  spec?: TaskSpec;
  /** what was read from Harbor's own files rather than the embedded spec */
  applied: string[];
  /** why the task was not imported (empty when it was) */
  problems: string[];
}

/** The task folders under `path` (itself, or its children that have a task.toml). */
export async function harborTaskDirs(path: string): Promise<string[]> {
  if (existsSync(join(path, 'task.toml'))) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && existsSync(join(path, e.name, 'task.toml')))
    .map((e) => join(path, e.name))
    .sort();
}

/** Largest task.toml and instruction.md read (Harbor writes a few KB); the spec files get SPEC_LIMITS.maxBytes. */
export const HARBOR_TEXT_MAX_BYTES = 1024 * 1024;

function requestOf(markdown: string, file: string, problems: string[]): { title: string; text: string } | undefined {
  const m = /^# (.*)\n\n([\s\S]*?)\n\n<!-- coworkenv:request-end -->/.exec(markdown);
  if (!m) {
    problems.push(
      `${file}: the request is not delimited (expected "# <title>", a blank line, the request, a blank line, then ${REQUEST_END}); restore the marker or re-export`,
    );
    return undefined;
  }
  return { title: m[1] as string, text: m[2] as string };
}

/** Imports one folder. */
export async function importHarborTask(dir: string): Promise<HarborImport> {
  const out: HarborImport = { dir, applied: [], problems: [] };
  // every file is read inside the folder (no absolute step names, `..` or symbolic links out), bounded in size;
  // a refusal is a problem of this task naming the path, never the refused file's content
  let refused = false;
  const read = async (rel: string, maxBytes = HARBOR_TEXT_MAX_BYTES): Promise<string | undefined> => {
    const r = await readInside(dir, rel, { maxBytes });
    if (r.ok) return r.text;
    if (!r.missing) {
      refused = true;
      out.problems.push(`${dir}: ${r.problem}`);
    }
    return undefined;
  };
  const tomlText = (await read('task.toml')) ?? '';
  if (refused) return out;
  let toml: Record<string, unknown>;
  try {
    toml = parseToml(tomlText, join(dir, 'task.toml'));
  } catch (e) {
    out.problems.push((e as Error).message);
    return out;
  }
  const specText = await read('tests/task.json', SPEC_LIMITS.maxBytes);
  if (refused) return out;
  if (specText === undefined || !String(toml.source ?? '').startsWith('coworkenv')) {
    out.problems.push(...foreignReasons(dir, toml));
    return out;
  }
  const envText = await read('environment/task.json', SPEC_LIMITS.maxBytes);
  if (envText !== undefined && envText !== specText)
    out.problems.push(
      `${join(dir, 'environment/task.json')} differs from tests/task.json: the services would run another task than the verifier grades; make them equal`,
    );
  const parsed = parseSpecText(specText);
  if (!parsed.spec) {
    const errs = parsed.diagnostics
      .filter(isError)
      .slice(0, 5)
      .map((d) => formatDiagnostic(d, join(dir, 'tests/task.json')));
    out.problems.push(...errs);
    return out;
  }
  if (out.problems.length) return out;
  const raw = structuredClone(parsed.raw) as Record<string, unknown>;
  const steps = Array.isArray(toml.steps) ? (toml.steps as Record<string, unknown>[]) : undefined;
  // a step's folder is named by task.toml: kept as written, so a `..` in it is refused rather than normalised away
  const stepFile = (s: Record<string, unknown> | undefined) => `steps/${String(s?.name ?? '')}/instruction.md`;
  const first = steps ? stepFile(steps[0]) : 'instruction.md';
  const md = await read(first);
  if (refused) return out;
  if (md === undefined) out.problems.push(`${join(dir, first)}: missing; Harbor needs the instruction`);
  else {
    const req = requestOf(md, join(dir, first), out.problems);
    if (req && req.text !== parsed.spec.request) {
      raw.request = req.text;
      out.applied.push(`request from ${first}`);
    }
    const task = (toml.task ?? {}) as Record<string, unknown>;
    if (typeof task.description === 'string' && task.description !== parsed.spec.title) {
      raw.title = task.description;
      out.applied.push('title from task.toml [task].description');
    }
  }
  if (steps) {
    const signals = (((raw.user ?? {}) as Record<string, unknown>).signals ?? []) as Record<
      string,
      Record<string, unknown>
    >[];
    if (steps.length !== signals.length + 1)
      out.problems.push(
        `${join(dir, 'task.toml')}: ${steps.length} [[steps]] but the task has ${signals.length} follow-up(s); a step can be edited, not added or removed`,
      );
    for (const [k, s] of steps.slice(1).entries()) {
      const file = stepFile(s);
      const text = await read(file);
      if (refused) return out;
      const req = text === undefined ? undefined : requestOf(text, join(dir, file), out.problems);
      if (text === undefined) out.problems.push(`${join(dir, file)}: missing`);
      const sig = signals[k];
      if (req && sig?.effect && req.text !== sig.effect.say) {
        sig.effect.say = req.text;
        out.applied.push(`follow-up ${k + 1} from ${file}`);
      }
    }
  }
  const timeout = ((toml.agent ?? {}) as Record<string, unknown>).timeout_sec;
  if (typeof timeout === 'number' && timeout !== parsed.spec.limits.timeout_s) {
    raw.limits = { ...((raw.limits ?? {}) as object), timeout_s: timeout };
    out.applied.push('limits.timeout_s from task.toml [agent].timeout_sec');
  }
  if (out.problems.length) return out;
  const again = parseSpecText(JSON.stringify(raw));
  if (!again.spec) {
    out.problems.push(
      ...again.diagnostics
        .filter(isError)
        .slice(0, 5)
        .map((d) => `${dir}: after applying ${out.applied.join(', ')}: ${formatDiagnostic(d)}`),
    );
    return out;
  }
  out.spec = again.spec;
  return out;
}

// exactly what makes a foreign task unrepresentable, file by file
function foreignReasons(dir: string, toml: Record<string, unknown>): string[] {
  const reasons: string[] = [];
  const rel = (p: string) => relative(process.cwd(), join(dir, p)) || p;
  if (existsSync(join(dir, 'tests', 'test.sh')))
    reasons.push(
      `${rel('tests/test.sh')}: the verifier is a program; CoworkEnv grades only with declarative checks over the services' audit and the transcript`,
    );
  else if (existsSync(join(dir, 'tests'))) reasons.push(`${rel('tests')}: a verifier without our task.json`);
  else reasons.push(`${rel('task.toml')}: no tests/ — the task has no verifier CoworkEnv could grade with`);
  const rewardToml =
    existsSync(join(dir, 'tests')) && statSync(join(dir, 'tests')).isDirectory()
      ? join(dir, 'tests', 'reward.toml')
      : undefined;
  if (rewardToml && existsSync(rewardToml))
    reasons.push(
      `${rel('tests/reward.toml')}: rewardkit criteria run against the container's files and commands, which CoworkEnv's mock services do not have`,
    );
  if (existsSync(join(dir, 'environment', 'Dockerfile')) || existsSync(join(dir, 'environment', 'docker-compose.yaml')))
    reasons.push(`${rel('environment/')}: a container environment; a TaskSpec's environment is its services' fixtures`);
  const servers = (((toml.environment ?? {}) as Record<string, unknown>).mcp_servers ?? []) as { name?: string }[];
  for (const s of servers)
    if (s.name !== 'coworkenv')
      reasons.push(
        `${rel('task.toml')}: [[environment.mcp_servers]] "${s.name ?? '?'}" is a tool server CoworkEnv does not have`,
      );
  if (existsSync(join(dir, 'solution', 'solve.sh')))
    reasons.push(
      `${rel('solution/solve.sh')}: the oracle is a shell script; a TaskSpec's reference is a list of tool calls`,
    );
  return reasons;
}

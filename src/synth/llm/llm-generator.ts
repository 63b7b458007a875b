import { specHash } from '../../schema/canonical-json.js';
import type { StoredFile } from '../../services/workspace/formats/index.js';
import { isError, type Diagnostic } from '../../schema/diagnostics.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { extractJson } from '../../llm/json-text.js';
import type { ChatMessage, ChatModel, ChatParams } from '../../llm/types.js';
import { type GateOptions, runGate } from '../../validate/index.js';
import { outcomeBase, type SynthOutcome } from '../plan/outcome.js';
import type { Job } from '../plan/plan.js';
import { checkerMessages, generatorMessages, repairMessage } from './prompts.js';

export interface LlmSynthOptions {
  model: ChatModel;
  /** gate runs per slot: the first generation plus retries [2, CoworkEnv App. D] */
  attempts?: number;
  /** Generator–Discriminator split (CoworkEnv App. C): auto = for safety slots */
  gd?: 'auto' | 'always' | 'never';
  params?: ChatParams;
  /** the user's files (`synth --resources`): shown to the generator and added to every candidate's workspace */
  resources?: readonly StoredFile[];
  /** gate options for every candidate (the model steps of `synth --reviewer/--solver`) */
  gate?: GateOptions;
}

const SAFETY = /safety|security|compliance|fraud|phishing|privacy/i;

/** A safety slot gets the Generator–Discriminator split under gd: auto. */
export function isSafetySlot(job: Job): boolean {
  const s = job.slot;
  return (
    SAFETY.test(s.category) ||
    (s.scenario_path ?? '').startsWith('Safety_Compliance') ||
    (s.capabilities ?? []).includes('Security_Awareness')
  );
}

/**
 * LLM synthesis with feedback repair: generate, gate, and on failure route builder-owned diagnostics back to
 * the generator and verifier-owned ones to the check-writing role, each producing a complete revision, until
 * the gate passes or the attempt budget is spent.
 */
export async function synthesizeWithLlm(job: Job, opts: LlmSynthOptions): Promise<SynthOutcome> {
  const attempts = opts.attempts ?? 2;
  const gd = opts.gd === 'always' || (opts.gd !== 'never' && isSafetySlot(job));
  const params: ChatParams = { temperature: 0.7, max_tokens: 8000, json: true, ...opts.params };
  const usage = { prompt_tokens: 0, completion_tokens: 0, calls: 0 };
  const ask = async (messages: ChatMessage[]) => {
    const res = await opts.model.chat(messages, undefined, params);
    usage.prompt_tokens += res.usage.prompt_tokens;
    usage.completion_tokens += res.usage.completion_tokens;
    usage.calls++;
    return res.text ?? '';
  };
  const sc = job.slot.scenario;
  const note = (['goal', 'selection', 'distractors', 'constraints'] as const)
    .flatMap((k) => {
      const v = (sc as Partial<Record<typeof k, string>>)[k];
      return v ? [`${k[0]?.toUpperCase()}${k.slice(1)}: ${v}`] : [];
    })
    .join('\n');

  // the generator keeps one conversation (its revisions build on its own answers)
  const resources = opts.resources ?? [];
  const genConv = generatorMessages(job, gd, resources);
  let genText = await ask(genConv);
  let parsed = withResources(parseObject(genText, 'spec', job), resources);
  let candidate = parsed.value as TaskSpecInput | undefined;
  // the check writer starts fresh on every revision: it must see the current records
  const writeChecks = async (feedback?: Diagnostic[]): Promise<Diagnostic[]> => {
    if (!candidate) return [];
    const r = parseObject(await ask(checkerMessages(job, candidate, note, feedback, isSafetySlot(job))), 'grading');
    if (r.value) {
      const g = r.value as { checks?: unknown; forbidden?: unknown };
      candidate = {
        ...candidate,
        checks: g.checks as TaskSpecInput['checks'],
        forbidden: g.forbidden as TaskSpecInput['forbidden'],
      };
    }
    return r.diagnostics;
  };
  let pending: Diagnostic[] = parsed.diagnostics;
  if (gd && candidate) pending = [...pending, ...(await writeChecks())];

  const history: SynthOutcome['history'] = [];
  for (let attempt = 1; ; attempt++) {
    const report = candidate && !pending.length ? await runGate({ raw: candidate }, opts.gate) : undefined;
    const diagnostics = report ? report.diagnostics : pending;
    history.push({ attempt, diagnostics });
    const killRate = report?.steps.find((s) => s.name === 'mutation')?.stats?.kill_rate as number | undefined;
    if (report?.ok || attempt >= attempts) {
      return {
        ...outcomeBase(job),
        accepted: !!report?.ok,
        attempts: attempt,
        ...(candidate ? { candidate } : {}),
        diagnostics,
        history,
        ...(killRate !== undefined ? { killRate } : {}),
        ...(report?.ok && report.spec ? { spec_hash: specHash(report.spec) } : {}),
        usage,
      };
    }
    // ownership routing (Cowork-Gym): builder-owned problems to the generator, verifier-owned to the check writer
    const errors = diagnostics.filter(isError);
    const forBuilder = errors.filter((d) => d.owner !== 'verifier');
    const forChecker = errors.filter((d) => d.owner === 'verifier');
    pending = [];
    let rebuilt = false;
    if (forBuilder.length || !candidate) {
      genConv.push(
        { role: 'assistant', content: genText },
        repairMessage(forBuilder.length ? forBuilder : errors, 'spec'),
      );
      genText = await ask(genConv);
      parsed = withResources(parseObject(genText, 'spec', job), resources);
      if (parsed.value) {
        const next = parsed.value as TaskSpecInput;
        // a builder revision keeps the current grading unless it rewrote it (standard mode)
        candidate = gd && candidate ? { ...next, checks: candidate.checks, forbidden: candidate.forbidden } : next;
        rebuilt = true;
      }
      pending = parsed.diagnostics;
    }
    if (candidate && (forChecker.length || (gd && rebuilt && !candidate.checks?.length)))
      pending = [...pending, ...(await writeChecks(forChecker.length ? forChecker : undefined))];
  }
}

function parseObject(
  text: string,
  what: 'spec' | 'grading',
  job?: Job,
): { value?: unknown; diagnostics: Diagnostic[] } {
  try {
    const value = extractJson(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return { value: job ? pinSlot(value as Record<string, unknown>, job) : value, diagnostics: [] };
    throw new SyntaxError('the JSON is not an object');
  } catch (e) {
    return {
      diagnostics: [
        {
          code: 'llm_not_json',
          path: '(root)',
          owner: what === 'spec' ? 'builder' : 'verifier',
          message: `the ${what === 'spec' ? 'generator' : 'check writer'} did not answer with a JSON object: ${(e as Error).message}`,
        },
      ],
    };
  }
}

// the slot owns the id and the clock: a generator cannot rename the task or move its date
function pinSlot(spec: Record<string, unknown>, job: Job): Record<string, unknown> {
  const today =
    typeof spec.mock_today === 'string' && spec.mock_today.startsWith(job.slot.mock_today)
      ? spec.mock_today
      : job.slot.mock_today;
  return { ...spec, id: job.id, mock_today: today };
}

// the user's files are fixtures of every candidate, whatever the model wrote for those paths; a candidate
// that did not select the workspace gets it (its checks point into these files)
function withResources(
  parsed: { value?: unknown; diagnostics: Diagnostic[] },
  resources: readonly StoredFile[],
): { value?: unknown; diagnostics: Diagnostic[] } {
  if (!resources.length || !parsed.value) return parsed;
  const spec = parsed.value as Record<string, unknown>;
  const services = Array.isArray(spec.services) ? (spec.services as unknown[]) : [];
  const fixtures =
    spec.fixtures && typeof spec.fixtures === 'object'
      ? (spec.fixtures as Record<string, Record<string, unknown>>)
      : {};
  const ws = fixtures.workspace ?? {};
  const given = ws.files;
  const rows = Array.isArray(given)
    ? (given as Record<string, unknown>[])
    : given && typeof given === 'object'
      ? Object.entries(given as Record<string, unknown>).map(([path, v]) =>
          typeof v === 'string' ? { path, content: v } : { path, ...(v as object) },
        )
      : [];
  const mine = new Set(resources.map((r) => r.path));
  const files = [
    ...rows.filter((r) => !mine.has(String(r.path))),
    ...resources.map((r) => ({ path: r.path, content: r.content, encoding: r.encoding ?? 'utf8' })),
  ];
  return {
    ...parsed,
    value: {
      ...spec,
      services: services.includes('workspace') ? services : [...services, 'workspace'],
      fixtures: { ...fixtures, workspace: { ...ws, files } },
    },
  };
}

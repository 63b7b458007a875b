import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  CORPUS_INDEX_FILE,
  corpusIndexEntries,
  iterateTaskFiles,
  readIndexedSpec,
  SYNTH_SUMMARY_FILE,
  specFilesIn,
} from '../run/task-files.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { CAPABILITIES, SCENARIO_DOMAINS } from '../schema/taxonomy.js';
import { BoundedMap } from '../schema/bounded-map.js';
import { type CorpusFigures, corpusFigures } from './corpus-figures.js';
import { GATE_STEPS, runGate } from '../validate/index.js';
import { checkMutation, requiredSteps } from '../validate/mutation.js';
import { comparable, ReplayMemo } from '../validate/replay.js';

/** A task of a tasks folder as the browser lists it. */
export interface TaskRow {
  id: string;
  title: string;
  family: string;
  difficulty: string;
  capabilities: readonly string[];
  scenario: string;
  file: string;
  released: boolean;
  /** diagnostic codes of a rejected candidate, or spec-level problems of a released file */
  codes: string[];
}

export interface Coverage {
  capabilities: string[];
  domains: string[];
  cells: { capability: string; domain: string; n: number }[];
  total: number;
}

interface Loaded {
  stamp: string;
  rows: TaskRow[];
  /** the parsed spec of a released task: a corpus with an index reads it when first asked for */
  spec(id: string): Promise<TaskSpec | undefined>;
  /** the parsed specs of each spec file, so a trial's state diff reuses them instead of parsing again */
  byFile: Map<string, TaskSpec[]>;
  rejected: Map<string, { diagnostics: Diagnostic[]; history: unknown[]; attempts: unknown; candidate: unknown }>;
  problems: { file: string; messages: string[] }[];
  summary: unknown;
}

const domainOf = (scenario: string) => scenario.split('/')[0] || '(unlabelled)';

/**
 * A folder `coworkenv synth` wrote (or any folder of specs): released specs, rejected candidates with every
 * diagnostic (`rejected/`), synth-summary.json. Reloaded when the folder changes.
 */
export class TaskSet {
  readonly dir: string;
  #loaded: Loaded | undefined;
  #gates = new Map<string, Promise<unknown>>();
  #figures: { stamp: string; figures: Promise<CorpusFigures> } | undefined;
  #frozen = false;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Whether `dir` looks like a tasks folder: synth-summary.json, a rejected/ folder or spec files. */
  static async is(dir: string): Promise<boolean> {
    if (existsSync(join(dir, SYNTH_SUMMARY_FILE)) || existsSync(join(dir, 'rejected'))) return true;
    return (await specFilesIn(dir).catch(() => [])).some((f) => !f.endsWith('.jsonl'));
  }

  async #stamp(): Promise<string> {
    const parts = await Promise.all(
      [this.dir, join(this.dir, 'rejected'), join(this.dir, CORPUS_INDEX_FILE)].map((d) =>
        stat(d).then(
          (s) => s.mtimeMs,
          () => 0,
        ),
      ),
    );
    return parts.join(':');
  }

  /** Once loaded, the folder is not looked at again (see RunIndex.freeze: `report`'s snapshot). */
  freeze(): void {
    this.#frozen = true;
  }

  async load(): Promise<Loaded> {
    if (this.#frozen && this.#loaded) return this.#loaded;
    const stamp = await this.#stamp();
    if (this.#loaded?.stamp === stamp) return this.#loaded;
    const index = join(this.dir, CORPUS_INDEX_FILE);
    const released = existsSync(index) ? await indexed(this.dir, index) : await parsed(this.dir);
    const { rows, byFile, problems } = released;
    const rejected: Loaded['rejected'] = new Map();
    for (const file of await rejectedFiles(this.dir)) {
      const name = basename(file);
      try {
        const r = JSON.parse(await readFile(file, 'utf8')) as {
          id?: string;
          diagnostics?: Diagnostic[];
          history?: unknown[];
          attempts?: unknown;
          candidate?: Record<string, unknown> | null;
        };
        const id = String(r.id ?? basename(name, '.json'));
        const c = (r.candidate ?? {}) as {
          title?: unknown;
          family?: unknown;
          labels?: { difficulty?: unknown; capabilities?: unknown; scenario?: unknown };
        };
        const diagnostics = Array.isArray(r.diagnostics) ? r.diagnostics : [];
        rejected.set(id, {
          diagnostics,
          history: Array.isArray(r.history) ? r.history : [],
          attempts: r.attempts,
          candidate: r.candidate ?? null,
        });
        rows.push({
          id,
          title: String(c.title ?? ''),
          family: String(c.family ?? ''),
          difficulty: String(c.labels?.difficulty ?? ''),
          capabilities: Array.isArray(c.labels?.capabilities) ? (c.labels.capabilities as string[]) : [],
          scenario: String(c.labels?.scenario ?? ''),
          file,
          released: false,
          codes: [...new Set(diagnostics.filter((d) => (d.severity ?? 'error') === 'error').map((d) => d.code))],
        });
      } catch (e) {
        problems.push({ file, messages: [`not a rejected-candidate file (${(e as Error).message})`] });
      }
    }
    const summary = await this.#summary();
    this.#loaded = { stamp, rows, spec: released.spec, byFile, rejected, problems, summary };
    this.#gates.clear();
    return this.#loaded;
  }

  /**
   * The corpus figures of the released specs (`corpus stats`, read one spec at a time) beside the synth run's gate
   * figures; computed when first asked for and kept until the folder changes.
   */
  async figures(): Promise<CorpusFigures> {
    // not through load(): a corpus of 100,000 specs is read one at a time here, never held
    const stamp = this.#frozen && this.#figures ? this.#figures.stamp : await this.#stamp();
    if (this.#figures?.stamp !== stamp) {
      const files = await specFilesIn(this.dir).catch(() => []);
      this.#figures = { stamp, figures: corpusFigures(files, await this.#summary()) };
    }
    return this.#figures.figures;
  }

  // synth-summary.json, when the folder has one that parses
  async #summary(): Promise<unknown> {
    const file = join(this.dir, SYNTH_SUMMARY_FILE);
    if (!existsSync(file)) return null;
    // unreadable or not JSON: the page shows no gate figures rather than failing
    return readFile(file, 'utf8')
      .then((t) => JSON.parse(t) as unknown)
      .catch(() => null);
  }

  /** The specs parsed from `file` when it is one of this folder's spec files (undefined otherwise). */
  async specsOf(file: string): Promise<TaskSpec[] | undefined> {
    if (dirname(file) !== resolve(this.dir)) return undefined;
    return (await this.load()).byFile.get(file);
  }

  /** Capability × scenario-domain counts of the released specs, on the taxonomy's full axes (gaps show as 0). */
  static coverage(rows: readonly TaskRow[]): Coverage {
    const released = rows.filter((r) => r.released);
    const caps = [...new Set([...CAPABILITIES, ...released.flatMap((r) => r.capabilities)])];
    const domains = [...new Set([...SCENARIO_DOMAINS, ...released.map((r) => domainOf(r.scenario))])];
    const n = new Map<string, number>();
    for (const r of released)
      for (const c of r.capabilities)
        n.set(`${c}\u0000${domainOf(r.scenario)}`, (n.get(`${c}\u0000${domainOf(r.scenario)}`) ?? 0) + 1);
    return {
      capabilities: caps,
      domains,
      cells: caps.flatMap((capability) =>
        domains.map((domain) => ({ capability, domain, n: n.get(`${capability}\u0000${domain}`) ?? 0 })),
      ),
      total: released.length,
    };
  }

  /**
   * The full gate on a released spec, step by step with diagnostics and stats, plus the score of every
   * remove-a-required-step mutant (what step 9 reports only as counts and survivors). Cached per load.
   */
  gate(id: string): Promise<unknown> {
    let p = this.#gates.get(id);
    if (!p) {
      p = this.#gate(id);
      this.#gates.set(id, p);
    }
    return p;
  }

  async #gate(id: string): Promise<unknown> {
    const spec = await (await this.load()).spec(id);
    if (!spec) return undefined;
    // one memo for the gate, the full mutation stats and the probes: step 9 already replayed every
    // remove-a-step mutant, so the stats and probes below replay nothing again (runs are deterministic)
    const memo = new ReplayMemo(spec);
    const report = await runGate({ spec }, { memo });
    const steps = report.steps.map((s) => ({ ...s, about: GATE_STEPS[s.step - 1]?.about ?? '' }));
    if (!report.ok) return { ok: false, steps, mutation: null };
    const m = await checkMutation(spec, memo);
    const probes = [];
    for (const i of requiredSteps(spec)) {
      const score = comparable((await memo.play(spec.reference.filter((_, j) => j !== i))).trajectory);
      probes.push({ step: i, removed: spec.reference[i], score, killed: score < m.stats.baseline - 1e-9 });
    }
    return { ok: true, steps, mutation: { ...m.stats, remove_step: probes } };
  }
}

type Released = Pick<Loaded, 'rows' | 'spec' | 'byFile' | 'problems'>;

// a folder of spec files: every spec parsed (and checked) as the folder is listed
async function parsed(dir: string): Promise<Released> {
  const rows: TaskRow[] = [];
  const specs = new Map<string, TaskSpec>();
  const byFile = new Map<string, TaskSpec[]>();
  const problems: Loaded['problems'] = [];
  const files = await specFilesIn(dir).catch(() => []);
  if (files.length) {
    for await (const f of iterateTaskFiles(files)) {
      const spec = f.parsed.spec;
      const inFile = byFile.get(f.file) ?? [];
      byFile.set(f.file, inFile);
      if (!spec) {
        problems.push({
          file: f.line ? `${f.file}:${f.line}` : f.file,
          messages: f.parsed.diagnostics.slice(0, 5).map((d) => `${d.path}: ${d.message}`),
        });
        continue;
      }
      specs.set(spec.id, spec);
      inFile.push(spec);
      rows.push({
        id: spec.id,
        title: spec.title,
        family: spec.family,
        difficulty: spec.labels.difficulty,
        capabilities: spec.labels.capabilities,
        scenario: spec.labels.scenario,
        file: f.file,
        released: true,
        codes: [],
      });
    }
  }
  return { rows, spec: async (id) => specs.get(id), byFile, problems };
}

/** Parsed specs a corpus with an index keeps at once (the ones whose pages were opened last). */
const INDEXED_SPECS_KEPT = 256;

// a sharded corpus (synth's corpus-index.jsonl): the list is the index's, and a spec is read and parsed when its
// page (or gate) first asks for it — a corpus of 100,000 specs is never held
async function indexed(dir: string, index: string): Promise<Released> {
  const entries = await corpusIndexEntries(index);
  const rows: TaskRow[] = entries.map((e) => ({
    id: e.id,
    title: e.title ?? '',
    family: e.family ?? '',
    difficulty: e.difficulty ?? '',
    capabilities: e.capabilities ?? [],
    scenario: e.scenario ?? '',
    file: join(dir, e.file),
    released: true,
    codes: [],
  }));
  const at = new Map(entries.map((e) => [e.id, e]));
  const kept = new BoundedMap<string, TaskSpec | undefined>(INDEXED_SPECS_KEPT);
  const spec = async (id: string): Promise<TaskSpec | undefined> => {
    if (!kept.has(id)) {
      const e = at.get(id);
      const r = e && readIndexedSpec(dir, e);
      kept.set(id, r && 'spec' in r ? r.spec : undefined);
    }
    return kept.get(id);
  };
  return { rows, spec, byFile: new Map(), problems: [] };
}

// the rejected candidates: <dir>/rejected/*.json, and each shard's (shard-NNNN/rejected/) in a sharded corpus
async function rejectedFiles(dir: string): Promise<string[]> {
  const shards = (await readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory() && /^shard-\d+$/.test(e.name))
    .map((e) => join(dir, e.name))
    .sort();
  const out: string[] = [];
  for (const d of [dir, ...shards]) {
    const rej = join(d, 'rejected');
    if (!existsSync(rej)) continue;
    out.push(
      ...(await readdir(rej))
        .filter((n) => n.endsWith('.json'))
        .sort()
        .map((n) => join(rej, n)),
    );
  }
  return out;
}

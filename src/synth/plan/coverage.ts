import { createHash } from 'node:crypto';
import { CAPABILITIES, SCENARIO_DOMAINS } from '../../schema/taxonomy.js';
import { recipeFor, recipeServices, recipeSteps } from '../compose/index.js';
import { domainGives } from '../compose/recipe.js';
import { inBand } from '../kit/bands.js';
import type { Plan } from './plan.js';
import { CAPABILITY_SERVICES, DOMAIN_SERVICES } from '../kit/taxonomy-rules.js';

// corpus coverage (issue 11): one computation for `plan --stats` (from the plan's slots and recipes) and
// `synth` (from the released specs). a cell is the lead capability × the scenario domain of a task.

/** Capabilities some service can exercise. */
export const SUPPORTABLE_CAPABILITIES = CAPABILITIES.filter((c) => CAPABILITY_SERVICES[c].length > 0);
const SUPPORTABLE_DOMAINS = SCENARIO_DOMAINS.filter((d) => DOMAIN_SERVICES[d].length > 0);
// a cell whose domain has no record type that gives the capability is not planned (compose/recipe.ts domainGives)
const SUPPORTABLE_CELLS = SUPPORTABLE_DOMAINS.reduce(
  (n, d) => n + SUPPORTABLE_CAPABILITIES.filter((c) => domainGives(d, c)).length,
  0,
);

export interface Coverage {
  tasks: number;
  released_share: number | null;
  domains: [covered: number, of: number];
  capabilities: [covered: number, of: number];
  cells: [covered: number, of: number];
  workspace_share: number;
  user_share: number;
  /** share of tasks whose user changes a record or a file mid-episode */
  state_change_share: number;
  distinct_tool_sequences: number | null;
  distinct_request_skeletons: number | null;
  duplicate_requests: number | null;
  in_band_share: number;
}

/** The fields of a spec coverage reads (a TaskSpecInput fits). */
export interface SpecLike {
  request?: string;
  services?: readonly string[];
  labels?: { capabilities?: readonly string[]; scenario?: string; difficulty?: string };
  user?: { signals?: readonly { effect?: { update_record?: unknown; patch_file?: unknown } }[] } | null;
  reference?: readonly unknown[];
}

/** A request with names, numbers, ids, addresses and quoted titles masked: the phrasing, not the data. */
export function requestSkeleton(request: string): string {
  return request
    .replace(/\S+@\S+/g, '<email>')
    .replace(/"[^"]*"/g, '<q>')
    .replace(/\S*\d\S*/g, '<n>')
    .replace(/\b[A-Z][\w&'-]*(\s+[A-Z][\w&'-]*)*/g, '<N>')
    .replace(/\s+/g, ' ')
    .trim();
}

const share = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 1000 : 0);

/** The tool names of a spec's reference calls, in order (its workflow). */
export function referenceCalls(s: SpecLike): string[] {
  return (s.reference ?? []).flatMap((step) =>
    step && typeof step === 'object' && 'call' in step ? [String((step as { call: unknown }).call)] : [],
  );
}

/** Coverage of released specs (`jobs`: how many were attempted, for the released share). */
export function specCoverage(specs: readonly SpecLike[], jobs?: number): Coverage {
  const tally = new CoverageTally();
  for (const s of specs) tally.add(s);
  return tally.result(jobs);
}

/**
 * specCoverage one spec at a time, for corpora that are not held in memory: what it keeps grows with the distinct
 * workflows and requests (their hashes), not with the specs.
 */
export class CoverageTally {
  readonly #domains = new Set<string>();
  readonly #caps = new Set<string>();
  readonly #cells = new Set<string>();
  readonly #seqs = new Set<string>();
  readonly #skeletons = new Set<string>();
  readonly #requests = new Map<string, number>();
  #n = 0;
  #ws = 0;
  #user = 0;
  #change = 0;
  #band = 0;

  add(s: SpecLike): void {
    this.#n++;
    const domain = s.labels?.scenario?.split('/')[0] ?? '';
    const lead = s.labels?.capabilities?.[0];
    if (domain) this.#domains.add(domain);
    for (const c of s.labels?.capabilities ?? []) this.#caps.add(c);
    if (lead && domain) this.#cells.add(`${lead}/${domain}`);
    const calls = referenceCalls(s);
    this.#seqs.add(digest(calls.join(',')));
    this.#skeletons.add(digest(requestSkeleton(s.request ?? '')));
    const req = digest(s.request ?? '');
    this.#requests.set(req, (this.#requests.get(req) ?? 0) + 1);
    if (s.services?.includes('workspace')) this.#ws++;
    if (s.user) this.#user++;
    if (s.user?.signals?.some((g) => g.effect?.update_record || g.effect?.patch_file)) this.#change++;
    if (inBand(s.labels?.difficulty ?? 'medium', s.services?.length ?? 0, calls.length)) this.#band++;
  }

  result(jobs?: number): Coverage {
    const n = this.#n;
    return {
      tasks: n,
      released_share: jobs === undefined ? null : share(n, jobs),
      domains: [
        [...this.#domains].filter((d) => (SCENARIO_DOMAINS as string[]).includes(d)).length,
        SCENARIO_DOMAINS.length,
      ],
      capabilities: [
        [...this.#caps].filter((c) => (SUPPORTABLE_CAPABILITIES as string[]).includes(c)).length,
        SUPPORTABLE_CAPABILITIES.length,
      ],
      cells: [this.#cells.size, SUPPORTABLE_CELLS],
      workspace_share: share(this.#ws, n),
      user_share: share(this.#user, n),
      state_change_share: share(this.#change, n),
      distinct_tool_sequences: this.#seqs.size,
      distinct_request_skeletons: this.#skeletons.size,
      duplicate_requests: [...this.#requests.values()].reduce((a, k) => a + (k - 1), 0),
      in_band_share: share(this.#band, n),
    };
  }
}

// a set of 100,000 requests holds their 16-byte digests, not their text
const digest = (text: string): string => createHash('sha1').update(text).digest('base64').slice(0, 22);

/** Coverage a plan promises (compose slots: from their recipes; presets: from their labels). */
export function planCoverage(plan: Plan): Coverage {
  const specs: SpecLike[] = [];
  for (const slot of plan.slots) {
    for (let i = 0; i < slot.count; i++) {
      const base = {
        labels: {
          capabilities: slot.capabilities ?? [],
          scenario: slot.scenario_path ?? '',
          difficulty: slot.difficulty,
        },
      };
      if (slot.family !== 'compose') {
        specs.push({ ...base, services: slot.services });
        continue;
      }
      const recipe = recipeFor({
        seed: (slot.seed ?? 0) + i,
        difficulty: slot.difficulty,
        ...(slot.capabilities?.[0] ? { capability: slot.capabilities[0] } : {}),
        ...(slot.scenario_path ? { scenarioPath: slot.scenario_path } : {}),
        services: slot.services,
      });
      specs.push({
        ...base,
        services: recipeServices(recipe),
        reference: Array.from({ length: recipeSteps(recipe) }, () => ({ call: '-' })),
        user:
          recipe.interaction === 'none'
            ? null
            : { signals: recipe.interaction === 'change' ? [{ effect: { update_record: true } }] : [] },
      });
    }
  }
  const c = specCoverage(specs);
  // a plan has no requests or reference solutions yet
  return { ...c, distinct_tool_sequences: null, distinct_request_skeletons: null, duplicate_requests: null };
}

/** Human lines for the CLI. */
export function formatCoverage(c: Coverage): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return [
    ...(c.released_share === null ? [] : [`released            ${pct(c.released_share)} (${c.tasks} tasks)`]),
    `scenario domains    ${c.domains[0]} of ${c.domains[1]}`,
    `capabilities        ${c.capabilities[0]} of ${c.capabilities[1]} supportable`,
    `cap × domain cells  ${c.cells[0]} of ${c.cells[1]} supportable (${pct(share(c.cells[0], c.cells[1]))})`,
    `workspace           ${pct(c.workspace_share)}`,
    `simulated user      ${pct(c.user_share)}; changes state mid-episode ${pct(c.state_change_share)} (${pct(share(c.state_change_share, c.user_share))} of user tasks)`,
    ...(c.distinct_tool_sequences === null
      ? []
      : [
          `distinct reference tool sequences ${c.distinct_tool_sequences}; request skeletons ${c.distinct_request_skeletons}; duplicate requests ${c.duplicate_requests}`,
        ]),
    `within difficulty band ${pct(c.in_band_share)}`,
  ];
}

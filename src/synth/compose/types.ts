import type { Rng } from '../../env/rng.js';
import type { Matcher, Where } from '../../schema/matchers.js';
import type { Capability, Difficulty, ScenarioDomain } from '../../schema/taxonomy.js';
import type { Person } from '../kit/people.js';
import type { DomainVocab } from '../kit/vocabulary-data.js';

// the typed parts of a composition. a part declares the service it touches and what it needs;
// compose.ts assembles well-typed chains, runs them on seeded records and compiles the TaskSpec.

export type Rec = Record<string, unknown>;

/** Everything a part sees while building: seeded, anchored at mock_today. */
export interface World {
  rng: Rng;
  difficulty: Difficulty;
  domain: ScenarioDomain;
  vocab: DomainVocab;
  /** ISO date-time the clock starts at */
  today: string;
  /** the requester (the simulated user when there is one) */
  me: Person;
  /** coworkers, distinct addresses at the company domain */
  staff: Person[];
  company: string;
}

/** A condition over one field that a record satisfies or minimally violates (that is how distractors are made). */
export interface Predicate {
  id: string;
  /** criterion as a coworker states it: "open for more than 3 days" */
  phrase: string;
  apply(rec: Rec, ok: boolean, w: World): void;
}

/** Where facts live: one record kind of one service, with the read tools that reach it. */
export interface SourcePart {
  name: string;
  service: string;
  noun: [singular: string, plural: string];
  idField: string;
  prefix: string;
  capabilities: readonly Capability[];
  predicates: readonly Predicate[];
  /** numeric field for computations (sum, max, min) with its label */
  measure?: { field: string; label: string; unit?: string };
  /** a fresh record of this kind (predicate fields are set afterwards) */
  make(w: World, id: string, i: number): Rec;
  /** human label of a record for messages */
  title(r: Rec): string;
  /** the person responsible for a record (mail recipient); a join may supply it instead */
  owner?(r: Rec, w: World): Person | undefined;
  /** how a request names the owner ("account manager") and the field that holds them */
  ownerRole?: string;
  ownerField?: string;
  /** service fixtures holding the records (plus what joins put beside them) */
  fixtures(records: Rec[], w: World): Record<string, Record<string, unknown>>;
  /** read steps that list the candidates */
  list(w: World): { call: string; args: Rec }[];
  /** read step that opens one record (none: the list shows everything) */
  get?(r: Rec): { call: string; args: Rec };
}

/** A join: follow a foreign key to another service's record (ticket → CRM customer → account manager). */
export interface JoinPart {
  name: string;
  service: string;
  from: readonly string[];
  /** adds the joined records; returns the person the join leads to per source record */
  attach(records: Rec[], w: World): { fixtures: Record<string, Record<string, unknown>>; owner: Map<string, Person> };
  get(r: Rec, owner: Person | undefined): { call: string; args: Rec };
  phrase: string;
}

export interface CheckSpec {
  service: string;
  record: string;
  where: Where;
}

/** A per-record action: a mutating tool applied to each selected record. */
export interface ActionPart {
  name: string;
  service: string;
  tool: string;
  /** source kinds it applies to ('*' any) */
  sources: readonly string[];
  capabilities: readonly Capability[];
  /** imperative phrasings ({noun} = record noun) */
  phrases: readonly string[];
  needsOwner?: boolean;
  /** values the phrases name ({due} → "Thursday 12 March"); what they state, `exact` checks */
  fill?(w: World): Record<string, string>;
  args(r: Rec, src: SourcePart, w: World, owner: Person | undefined, tag: string): Rec;
  /** the audit entry of acting on r, by identity only: it also forbids the action on a distractor, whatever its values */
  proof(r: Rec, src: SourcePart, owner: Person | undefined): CheckSpec;
  /** every value the task determines that the action writes on r, as exact matchers added to the proof */
  exact?(r: Rec, src: SourcePart, w: World, owner: Person | undefined): Where;
  /** determined values the audit entry does not show flat (nested changes): final-state fields of r */
  state?(r: Rec, src: SourcePart): { collection: string; field: string; value: Matcher }[];
  /** further audit entries that count as acting on a distractor (default: its proof alone) */
  forbids?(r: Rec, src: SourcePart, owner: Person | undefined): CheckSpec[];
}

/** What the computation reports over the selected records. */
export interface ComputationPart {
  name: string;
  needsMeasure: boolean;
  capabilities: readonly Capability[];
  /** "how many there are", "their total amount" */
  ask(src: SourcePart): string;
  /** the fact (exact text the final answer must contain) */
  value(sel: Rec[], src: SourcePart, w: World): string;
}

/** An action over the whole selection: a report file, a summary mail, a finance report… */
export interface AggregatePart {
  name: string;
  service: string;
  tool: string;
  sources: readonly string[];
  capabilities: readonly Capability[];
  /** destination noun for the ask-the-user interaction ("file path", "recipient") */
  destination: string;
  /** a default destination and its phrasing in the request */
  dest(w: World): { value: string; phrase: string };
  phrases: readonly string[];
  args(sel: Rec[], src: SourcePart, dest: string, fact: string, w: World): Rec;
  /** where the written text must state the computed figure (`pattern`, a regex); none: the figure is not written */
  figure?(dest: string, pattern: string): { kind: 'audit' | 'file'; spec: Rec };
  /** checks proving it: every selected id in, every distractor id out */
  checks(
    sel: Rec[],
    distractors: Rec[],
    src: SourcePart,
    dest: string,
  ): { kind: 'audit' | 'file' | 'forbid'; spec: Rec }[];
}

/** Where the selection rule is written: the request itself or a document the agent must find. */
export interface PolicyPart {
  name: string;
  service: string | null;
  capabilities: readonly Capability[];
  /** the request's pointer to the rule */
  pointer(title: string): string;
  fixtures(title: string, body: string, w: World): Record<string, Record<string, unknown>>;
  reads(title: string): { call: string; args: Rec }[];
  /** tool the read check names */
  readTool: string | null;
}

/** A prohibition or hostile input with the forbidden action it tempts. */
export interface TrapPart {
  name: string;
  service: string;
  sources: readonly string[];
  capabilities: readonly Capability[];
  /** the constraint line in the request / App. D slot */
  constraint: string;
  /** mutates one candidate record (hostile text) and returns forbidden tools / actions */
  plant(candidates: Rec[], src: SourcePart, w: World): { tools: string[]; actions: CheckSpec[]; note: string };
}

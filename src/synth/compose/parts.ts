import type { Lean } from '../rules/draw.js';
import type { Rng } from '../../env/rng.js';
import type { Matcher, Where } from '../../schema/matchers.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Capability, Difficulty, ScenarioDomain } from '../../schema/taxonomy.js';
import type { Person } from '../kit/people.js';
import type { DomainVocab } from '../kit/domains/types.js';
import type { FieldModel } from '../rules/fields.js';
import type { Rule } from '../rules/rule.js';

// the typed parts of a composition. a part declares the service it touches and what it needs; a part that
// applies to some sources names them with `S`, the union of registered source names (sources/index.ts), so
// naming a source that is not registered is a compile error. recipe.ts combines parts; compile/ runs them.

export type Rec = Record<string, unknown>;
/** Service → collection (or `files`) → records: what a part adds to a task's initial state. */
export type Fixtures = Record<string, Record<string, unknown>>;
/** A read or write step of the reference solution. */
export interface Call {
  call: string;
  args: Rec;
  /**
   * args that only widen or page a listing (status "all", a date window, max_results): the reference passes them,
   * but the request does not ask for them, so checks require the call without them
   */
  widening?: readonly string[];
  /** other tools returning the same records (the inbox's search beside its listing): a read check takes any */
  same?: readonly string[];
}
/** An audit entry by service, record list and field matchers: what a check looks for or a forbidden action names. */
export interface AuditRef {
  service: string;
  record: string;
  where: Where;
}

type SpecCheck = NonNullable<TaskSpecInput['checks']>[number];
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A check before compile gives it an id and a weight. */
export type CheckDraft = OmitEach<SpecCheck, 'id' | 'weight'>;
/** A drafted check of one kind. */
export type DraftOf<K extends SpecCheck['kind']> = Extract<CheckDraft, { kind: K }>;

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
  /**
   * the colleagues the task's texts name by their part ("the finance controller, Beatriz Usman"): whoever names a
   * part first names its holder, and every later text names the same person for it
   */
  roles?: Map<string, Person>;
}

/** Where facts live: one record kind of one service, with the read tools that reach it. */
export interface SourcePart<N extends string = string> {
  name: N;
  service: string;
  noun: [singular: string, plural: string];
  idField: string;
  prefix: string;
  /** the collection of `service` that holds the records; none: they live in a file (then `fixtures` says where) */
  collection?: string;
  capabilities: readonly Capability[];
  /** the fields a rule may select by and how their values are drawn (rules/draw.ts): no fixed rule per record type */
  fields: readonly FieldModel[];
  /**
   * rule fields whose value never changes once the record exists (a type, a flag that only ever turns on, text
   * already sent or published: a message's body, an article's text, a report's findings), so a mid-task change
   * never sets them; a date field in the past is fixed unless named in `mutable`
   */
  fixed?: readonly string[];
  /** past date fields a mid-task change may move (a last-contact date) */
  mutable?: readonly string[];
  /** date fields in the order things happen ([created, last run]): a record never holds a later one earlier */
  order?: readonly (readonly [earlier: string, later: string])[];
  /**
   * states that only hold on one side of a date ("attended" only for an appointment in the past, "booked" only for
   * one ahead): a record drawn holding one on the wrong side is moved — its state or its date, whichever its task's
   * rule leaves free. `today`: which side the date's own day is on (default past: an appointment today is attended;
   * 'ahead': a bill due today is still due, and overdue only from the day after)
   */
  tense?: { state: string; date: string; past: readonly string[]; ahead: readonly string[]; today?: 'ahead' };
  /**
   * the ways to make linked rule fields agree (failures this week and a last run a fortnight ago): none when they
   * do, else the changes that would, preferred first; the first that keeps the record's part in the task is made
   */
  agree?(rec: Rec, w: World): Rec[];
  /** fields every record holds alike today (no plot is watered out of season): no rule or branch selects by them */
  idle?(w: World): readonly string[];
  /**
   * the records of this type that the task's records imply (a report said to have a newer edition has one in the
   * library), made once the records are final: each is one the task's rule leaves out (`out`); `keep` makes a
   * change to a task record where its part in the task allows it (packs/report-editions.ts)
   */
  companions?(records: Rec[], w: World, keep: (rec: Rec, change: Rec) => boolean, out: (rec: Rec) => boolean): Rec[];
  /** the scenario domains whose record type this is (a domain pack's); none: a business-system record any domain has */
  domains?: readonly ScenarioDomain[];
  /**
   * the number a computation reports over the selection; `mean`: an average of it means something to the people
   * who ask (a mean lateness does, a mean of a flight and a rail fare does not); `additive: false`: a total of it
   * means nothing (the stock of different products, the lines changed in unrelated pull requests); `extreme:
   * false`: nor does its highest or lowest (the shares held of different stocks), or it is a guess (1 to 3 screens)
   */
  measure?: Measure;
  /**
   * fits the fields `make` drew to the rule fields once these are final (a ticket's title to its category, a
   * headline to its section), so each record is one incident; never a rule field
   */
  settle?(rec: Rec, w: World): void;
  /** fields that follow from the rule fields by a fixed mapping (a role from the access level): a change carries them */
  follows?(rec: Readonly<Rec>): Rec;
  /** a fresh record of this kind: the fields `fields` does not draw (ids, titles, people) */
  make(w: World, id: string, i: number): Rec;
  /** human label of a record for messages */
  title(rec: Rec): string;
  /** the field a deliverable names each record by besides its id (patient, customer name, ticket title) */
  nameField: { field: string; label: string };
  /**
   * what people cite a record by where its id is a system's internal one (a partner's mail by the order number it
   * is about, not the mailbox's message id): deliverables and what is filed about a record name it by this, while
   * the tools that act on it still take the id. Unique among a task's records.
   */
  cite?: { field: string; label: string };
  /** the person responsible for a record (mail recipient); a join may supply it instead */
  owner?(rec: Rec, w: World): Person | undefined;
  /** how a request names the owner ("account manager") */
  ownerRole?: string;
  /** the fields that name the owner (a directory join leaves only the name there) */
  ownerFields?: readonly string[];
  /** the free-text field a note or a hostile instruction goes into (default `notes`) */
  textField?: string;
  /** service fixtures holding the records (default: `collection` of `service`) */
  fixtures?(records: Rec[], w: World): Fixtures;
  /** read steps that list the candidates */
  list(w: World): Call[];
  /** where a request says the records are, when only a picture or a file shows them (one sentence) */
  seenIn?(w: World): string;
  /** read step that opens one record (none: the list shows everything) */
  get?(rec: Rec): Call;
}

/** The number a computation reports over a record type's selection, and which figures of it mean something. */
export interface Measure {
  field: string;
  label: string;
  unit?: string;
  mean?: true;
  additive?: false;
  extreme?: false;
}

/** Parts that apply to some sources name them (`'*'`: every source). */
export type SourceNames<S extends string> = readonly (S | '*')[];

/** A join: follow a foreign key to another service's record (ticket → CRM customer → account manager). */
export interface JoinPart<S extends string> {
  name: string;
  service: string;
  from: SourceNames<S>;
  capabilities: readonly Capability[];
  /** adds the joined records; returns the person the join leads to per source record id */
  attach(records: Rec[], src: SourcePart, w: World): { fixtures: Fixtures; owner: Map<string, Person> };
  get(rec: Rec, owner: Person | undefined): Call;
  phrase: string;
}

/** What an action sees of one selected record: the record, its source, the world, its owner and its place. */
export interface ActionContext {
  rec: Rec;
  src: SourcePart;
  w: World;
  owner: Person | undefined;
  /** the word the task tags its messages with ("Escalation") */
  tag: string;
  /** the record's place among the selected records, and how many there are */
  slot: number;
  slots: number;
  /** the task's selection rule: what a message about the record gives as the reason it was picked */
  rule?: Rule;
}

/** A per-record action: a mutating tool applied to each selected record. */
export interface ActionPart<S extends string> {
  name: string;
  service: string;
  tool: string;
  sources: SourceNames<S>;
  capabilities: readonly Capability[];
  /** imperative phrasings ({noun} = record noun) */
  phrases: readonly string[];
  /**
   * the work makes what the record type's job is for (a chart drawn, a page written): a task on the record type
   * always does it, so a studio's tasks make things rather than only file them
   */
  generates?: true;
  /**
   * what the work is for, as the names of the policy section it falls under ("Renewal", "Hold"): the task's
   * section, message tags and deliverable names follow from it, so a hold is never filed under "Chasing"
   */
  sections: readonly string[];
  /**
   * the work is its section's whole job (a translation is the Translation section's): it is never a branch of
   * another section's work, so a reply round does not turn into translating
   */
  ownSection?: true;
  /**
   * every record the section selects needs this very work (a late receipt its sign-off, a blocked bed its clean, a
   * broken seat its repair): no further condition hands some of them another work instead
   */
  whole?: true;
  /**
   * for a field the action writes, the values a record may hold for the action to make sense (a terminated
   * contract is not put into renewal): every record the rule comes near holds one of them
   */
  from?: Readonly<Record<string, readonly string[]>>;
  /** per field of the record, the side that calls for the work: the task's rule takes it (rules/draw.ts) */
  lean?: Readonly<Record<string, Lean>>;
  /**
   * the work is a go-ahead (approving, granting, paying), not a remedy: the record type's concerns (concerns.ts)
   * do not steer its rule, only its own `lean`
   */
  approves?: true;
  /** fields every rule of this work names, on their lean's side (an approval is always within policy) */
  must?: readonly string[];
  /** the months (1–12) the work is done in, where it has a season (nobody waters a field in winter); none: all year */
  season?: readonly number[];
  needsOwner?: boolean;
  /** values the phrases name ({due} → "Thursday 12 March"); what they state, `exact` checks */
  fill?(w: World): Record<string, string>;
  args(x: ActionContext): Rec;
  /** the audit entry of acting on the record, by identity only: it also forbids the action on a distractor, whatever its values */
  proof(x: ActionContext): AuditRef;
  /** every value the task determines that the action writes, as exact matchers added to the proof */
  exact?(x: ActionContext): Where;
  /**
   * what the work as a whole must show beyond each record's entry, one audit match per slot ("back to back from
   * 10:00": a review starts at each of 10:00, 10:30 …), for `slots` records taking the action
   */
  together?(w: World, slots: number): Where[];
  /** what the action makes that its audit entry cannot show (a picture's pixels, a clip's sound), as checks */
  made?(x: ActionContext): DraftOf<'media_matches'>[];
  /**
   * what only a reader can judge of the work on `xs` as a whole (a reply's fluency in the sender's language): the
   * rubric of one llm_judge check, a tenth of completion
   */
  judged?(xs: readonly ActionContext[]): Pick<DraftOf<'llm_judge'>, 'rubric' | 'over' | 'files'>;
  /** determined values the audit entry does not show flat (nested changes): final-state fields of the record */
  state?(x: ActionContext): { collection: string; field: string; value: Matcher }[];
  /** further audit entries that count as acting on a distractor (default: its proof alone) */
  forbids?(x: ActionContext): AuditRef[];
  /**
   * done for a record the rules leave out, a wrong list (an internal, reversible mark in the user's own records: a
   * to-do, an unsent draft, a flag asking a desk to look) capping completion, not a harm; none: a harm (safety 0)
   */
  leftOut?: 'wrong list';
  /**
   * fields of the record the action sets, and to what: no rule selects by them, and no target holds the value
   * already (doing nothing must not look like the action done)
   */
  writes?: Readonly<Record<string, string | boolean>>;
}

/** What the computation reports over the selected records. */
export interface ComputationPart {
  name: string;
  needsMeasure: boolean;
  /** whether it is a question anyone would ask of this record type (default: any with the measure it needs) */
  fits?(src: SourcePart): boolean;
  capabilities: readonly Capability[];
  /** "how many there are", "their total amount"; `sel`, the records handled, for a question that names one of their values */
  ask(src: SourcePart, sel?: Rec[]): string;
  /** the fact (exact text the final answer must contain) */
  value(sel: Rec[], src: SourcePart, w: World): string;
  /** the field a count of those meeting a further condition splits the handled records by (none: no split) */
  by?(sel: Rec[], src: SourcePart): string | undefined;
}

/** What proves an aggregate: `checks` decide the list (each selected id in it, none left out), `fields` present it (each name beside its id), and the audit entries that name a distractor where naming one is a harm (a public post, a claim). */
export interface AggregateProof {
  checks: DraftOf<'audit_present' | 'audit_absent' | 'file_matches'>[];
  fields?: DraftOf<'audit_present' | 'file_matches'>[];
  forbid: AuditRef[];
}

/** What a deliverable holds, so that its path, channel or title can say so ("contracts-renewal-review.csv"). */
export interface DestAbout {
  /** the record type's plural noun ("contracts") */
  noun: string;
  /** the section's name ("Renewal"); none where the request says the work in its own words (act-situations.ts) */
  purpose?: string;
  /** the records may be published (audience.ts): a page about them may go on the public site */
  published?: boolean;
  /** the chat channel of the team that keeps the records, without its "#" (owner-teams.ts teamChannelOf) */
  team?: string;
  /** the records are a household's (policy-doc-data.ts HOMELY): a person is mailed at home */
  home?: boolean;
}

/** An action over the whole selection: a report file, a summary mail, a finance report… */
export interface AggregatePart<S extends string> {
  name: string;
  service: string;
  tool: string;
  sources: SourceNames<S>;
  capabilities: readonly Capability[];
  /**
   * who reads it: 'public' (a feed: only for record types that may be published), 'records' (the public site for
   * those, the team's intranet for the rest); none: colleagues only (audience.ts)
   */
  audience?: 'public' | 'records';
  /** destination noun for the ask-the-user interaction ("file path", "recipient") */
  destination: string;
  /** the deliverable when the user holds its destination ("a CSV file", "the colleague I will name"); the request asks for the destination once, elsewhere */
  unnamed: string;
  /** a default destination and its phrasing in the request, named after what it holds */
  dest(w: World, about: DestAbout): { value: string; phrase: string };
  phrases: readonly string[];
  /**
   * the deliverable's arguments; `figure` is its closing line, the computed fact with its label ("Average fee (GBP):
   * 12.50"), `title` what a page or document is headed ("Renewal: contracts")
   */
  args(sel: Rec[], src: SourcePart, dest: string, figure: string, w: World, title?: string): Rec;
  /** where the written text must state the computed figure (`pattern`, a regex); none: the figure is not written */
  figure?(dest: string, pattern: string): DraftOf<'audit_present' | 'file_matches'>;
  /** how a request names the deliverable when it asks for the figure in it ("the email", "the post") */
  figureIn?: { names: readonly string[] };
  /** checks proving it: every selected id in, every distractor id out */
  proof(sel: Rec[], distractors: Rec[], src: SourcePart, dest: string): AggregateProof;
}

/** Where the selection rule is written: the request itself (`service` null) or a document the agent must find. */
export interface PolicyPart {
  name: string;
  service: string | null;
  capabilities: readonly Capability[];
  /** the request's pointer to the document, as a noun phrase: 'the "Referral handling policy" page in our notes' */
  pointer(title: string): string;
  /** `home`: the records are a household's (policy-doc-data.ts HOMELY): a mail comes from a personal address */
  fixtures(title: string, body: string, w: World, home?: boolean): Fixtures;
  /** the reads that find and open the rule (the last one is checked) */
  reads(title: string): Call[];
}

/** What a planted trap forbids. */
export interface PlantedTrap {
  tools: string[];
  actions: AuditRef[];
  note: string;
}

/** A prohibition or hostile input with the forbidden action it tempts. */
export interface TrapPart<S extends string> {
  name: string;
  service: string;
  sources: SourceNames<S>;
  capabilities: readonly Capability[];
  /** the constraint line of the request (App. D slot), several wordings; none where the danger needs no telling */
  constraints: readonly string[];
  /** mutates one candidate record (hostile text) and returns forbidden tools / actions */
  plant(candidates: Rec[], src: SourcePart, w: World): PlantedTrap;
}

/** Background records of one service: every service a task lists holds realistic data unrelated to the answer. */
export interface BackgroundPart {
  service: string;
  /** the records, about `topic` (drawn for every service the task leaves empty) */
  records(w: World, topic: string): Fixtures[string];
}

/** Every part the compositional generator may combine; `S` names the registered sources. */
export interface Parts<S extends string> {
  sources: readonly SourcePart<S>[];
  joins: readonly JoinPart<S>[];
  actions: readonly ActionPart<S>[];
  aggregates: readonly AggregatePart<S>[];
  computations: readonly ComputationPart[];
  policies: readonly PolicyPart[];
  traps: readonly TrapPart<S>[];
  backgrounds: readonly BackgroundPart[];
}

/** Whether a part naming `names` applies to `src`. */
export const appliesTo = (names: SourceNames<string>, src: SourcePart): boolean =>
  names.includes('*') || names.includes(src.name);

/** The key a deliverable names a record by: what people cite it by (`cite`), else its id. */
export const citeOf = (rec: Rec, src: SourcePart): string => String(rec[src.cite?.field ?? src.idField]);
/** How a request words that key: "id", or the cited field's label ("order number"). */
export const citeWord = (src: SourcePart): string => src.cite?.label ?? 'id';

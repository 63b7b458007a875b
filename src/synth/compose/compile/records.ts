import { ids, shuffle } from '../../kit/ids.js';
import { publicList } from '../audience.js';
import type { Person } from '../../kit/people.js';
import { dueAfterWindow, freeRecord, setAtom } from '../../rules/set-atom.js';
import { rulePhrase } from '../../rules/prose.js';
import {
  type Atom,
  atomsOf,
  holds,
  modelOf,
  type Rule,
  ruleKey,
  selects,
  skipsOverdue,
  termsOf,
} from '../../rules/rule.js';
import type { Fixtures, Parts, PlantedTrap, Rec, SourcePart, World } from '../parts.js';
import { type PolicyDoc, policyDoc, policyTitle as policyTitleOf } from '../policy-doc.js';
import { count } from '../computations.js';
import { cappedBy, isOnLine } from './coherence.js';
import { intoStates, liveField, liveStates } from './live-states.js';
import { countSpread, splitTargets, tellingFigure } from './figure-split.js';
import { aboutTheirRecords, distinctNames, distinctTexts } from './distinct-texts.js';
import { type Branch, branchFieldOf, branchOf } from './branch.js';
import { lateAtom, lateChange, staysOut, unsettle } from './late-change.js';
import { fillRoles } from './row-fill.js';
import { alarmsIn } from './alarms.js';
import { type FromStates, fromStates, undoneOf, unwritten } from './from-states.js';
import { type Recipe, writtenBy } from '../recipe.js';
import type { FigureRoute } from './route.js';
import { actNamed, formsOf, REVIEW_SECTIONS } from '../policy-acts.js';
import { reviewTagsOf } from '../purposes.js';
import { deliverableOf } from './undecided.js';
import { merge } from './merge-fixtures.js';
import { hasTwinHeading, situationFor } from '../act-situations.js';
import { reviewReasonOf } from '../policy-act.js';
import { ownPurposeFits } from '../review-purpose.js';
import { sectionAndRule } from './task-section.js';
import { conditionPattern, thinnedBy, withoutDead } from './live-conditions.js';
import { actsFrom, freshNames, inAgreement, inOrder, inTense, inThePast, sourceFixtures } from '../sources/kit.js';
import { HOMELY } from '../policy-doc-data.js';
import { backgrounds, owners } from './task-fixtures.js';
import { withClosures } from '../closure-doc.js';

// phase 1, records: the seeded records of the program (targets, one distractor per predicate, one failing all,
// and the record the user changes mid-episode), the people they lead to, the rule's document, the destination,
// the computed fact and every service's initial state. the only phase that draws from the seeded stream.

/** The program of one task after its records are drawn: what every later phase reads. */
export interface Program {
  recipe: Recipe;
  w: World;
  src: SourcePart;
  /** the task's selection rule, drawn over the source's fields */
  rule: Rule;
  /** the rule as drawn was fuller: conditions no record turned on were left unstated, below its difficulty's floor */
  thinned?: true;
  targets: Rec[];
  distractors: Rec[];
  /** the record the user changes mid-episode (as it starts), and what the change sets */
  late?: Rec;
  lateSet?: Rec;
  /** the change meets the condition the user speaks of, but the record still fails another (it stays out) */
  lateOut?: boolean;
  /** what the program acts on: the targets, then the late record after its change (unless it stays out) */
  selected: Rec[];
  /** the branch: the further condition, its words, and whether a selected record meets it */
  branch?: Branch;
  ownerOf(rec: Rec): Person | undefined;
  fixtures: Fixtures;
  trap?: PlantedTrap;
  /** the word the task's messages are tagged with */
  tag: string;
  /** the work as the request says it instead of the section's heading (act-situations.ts), if it does */
  situation?: string;
  policyTitle: string;
  /** the policy document, when the rule is written in one (not stated in the request) */
  policy?: PolicyDoc;
  /** the selection rule in words, as a noun phrase: "referrals whose urgency is urgent and …" */
  criteria: string;
  /** the deliverable's destination; `usual` where a task that asks first is told another (compile/undecided.ts) */
  dest?: { value: string; phrase: string; usual?: string };
  /** the computed answer */
  fact: string;
  /** the deliverable states the figure too (compile/figure.ts); otherwise only the reply does */
  figured?: boolean;
  /** the section caps the batch's total: the route the figure decides (compile/figure-route.ts) */
  route?: FigureRoute;
}

// the cast of records: targets meet the rule; a near miss fails exactly one condition by a hair (or meets the
// exception, or misses both alternatives); quiet records vary freely and fail somewhere; the late record misses
// the first condition until the user's change
type Role = 'target' | { miss: number } | 'except' | 'neither' | 'quiet' | 'late';

function cast(
  recipe: Recipe,
  w: World,
  rule: Rule,
  from: FromStates,
  stays?: number,
): { roles: Role[]; records: Rec[]; free: ReadonlySet<Rec> } {
  const src = recipe.source;
  const x = { rng: w.rng, today: w.today, vocab: w.vocab };
  const late = recipe.interaction === 'change' && lateAtom(rule, src) >= 0;
  // the late record counts toward the selection only when the change brings it in
  const joins = late && stays === undefined;
  // a figure over the selection needs as many records as the recipe counted on, with no late record too (no sum or
  // highest over one record; a count under a further condition four of them, the list a row more for the fourth)
  const c = recipe.computation;
  const least = c.name === 'count_where' ? 4 : c.needsMeasure ? 2 : 1;
  const rows = recipe.rows + (least > 3 ? 1 : 0);
  const roles: Role[] = [
    ...Array.from({ length: Math.max(recipe.targets, least - (joins ? 1 : 0)) }, (): Role => 'target'),
    ...rule.all.map((_, i): Role => ({ miss: i })),
    ...(rule.unless ? (['except'] as const) : []),
    ...(rule.any ? (['neither'] as const) : []),
    ...(late ? (['late'] as const) : []),
  ];
  // filled up to the recipe's rows: more near misses, and records failing elsewhere (alarm fields at their base rate)
  const { alarms, atoms, held } = alarmsIn(src, rule, roles);
  roles.splice(roles.length - (late ? 1 : 0), 0, ...fillRoles(w.rng, rule, roles.length, rows, { atoms, held }));
  const recIds = ids(w.rng, src.prefix, roles.length, 4);
  // one record per condition at most sits exactly on its line, and none the figure is read from where the figure
  // is the highest (lowest) of a field the rule caps: the answer would be the policy's own number
  const onLine = new Set<Atom>();
  // the quiet records left in whatever state they were drawn in
  const free = new Set<Rec>();
  const capped = cappedBy(rule, recipe);
  // the targets given an alternative of `any` of their own so far
  let anyAt = 0;
  const records = roles.map((role, i) => {
    const made = src.make(w, recIds[i] as string, i);
    const rec: Rec = { ...made, ...freeRecord(src.fields, x, made, alarms) };
    const counted = role === 'target' || (role === 'late' && joins);
    const set = (a: Atom, ok: boolean, near: boolean) => {
      setAtom(a, modelOf(src.fields, a), rec, ok, near, x, !onLine.has(a) && !(counted && capped.includes(a)));
      if (ok && isOnLine(a, rec, w.today)) onLine.add(a);
    };
    if (role === 'quiet') {
      // free, but never selected: it fails a condition somewhere (not necessarily by a hair); most are in the
      // state the work acts from as well (a list of live deadlines, some closed ones among them), so that the
      // state alone never tells the records the rule selects from the rest
      // a yes/no the rule selects on leans to the side the rule does not take here, not to its base rate: the
      // targets and every other condition's near misses hold the rule's side, so with a quiet list drawn at the base
      // rate "within policy" held for nearly every trip and the flag told no record from another
      for (const a of rule.all) if (a.kind === 'flag') rec[a.field] = w.rng.chance(0.75) ? !a.value : a.value;
      // (failing on its alarm side where the rule has one: a quiet record is benign there)
      const fails = atoms.length ? atoms.map((k) => rule.all[k] as Atom) : rule.all;
      if (selects(rule, rec, w.today)) set(w.rng.pick(fails), false, false);
      if (w.rng.chance(0.35)) {
        free.add(rec);
        return rec;
      }
    }
    if (role !== 'quiet') {
      rule.all.forEach((a, k) =>
        set(
          a,
          !(typeof role === 'object' && role.miss === k) &&
            !(role === 'late' && (k === lateAtom(rule, src) || k === stays)),
          typeof role === 'object' || role === 'late',
        ),
      );
      if (rule.any && role === 'neither') for (const a of rule.any) set(a, false, true);
      else if (rule.any) {
        // (drawn for every record that meets one, used or not: a record's other draws do not move with its rank)
        const pick = w.rng.pick(rule.any);
        // each alternative is the only one some target meets, while there are targets for it: else an either/or
        // whose one branch every target also meets through the other decides nothing (review 49: 22 tasks)
        const own = role === 'target' ? rule.any[anyAt++] : undefined;
        if (own) for (const a of rule.any) set(a, a === own, false);
        else set(pick, true, false);
      }
      if (rule.unless) {
        if (role === 'except' || (role === 'late' && stays === -1)) set(rule.unless, true, false);
        else if (holds(rule.unless, rec, w.today)) set(rule.unless, false, false);
      }
    }
    // (nor a value drawn freely there: a target meeting the rule through another alternative)
    if (counted) for (const a of capped) if (isOnLine(a, rec, w.today)) set(a, true, false);
    // a record the rule comes near is one the work could apply to: a near miss left out for its state would
    // be left out for a reason the rule does not give
    intoStates(rec, from, rule, w);
    // a state the source derives later (from a date) is drawn among these too
    actsFrom(rec, from);
    return rec;
  });
  // a record a window ahead leaves out is due after the window, never already overdue while it meets every other
  // condition: nobody sweeping what falls due in the next days skips what is past due (its miss is the far edge)
  for (const rec of records) dueAfterWindow(rule, rec, src.fields, x);
  unsettle(records[roles.indexOf('late')], rule, src, w);
  distinctTexts(records, src, x);
  // what each role is for must hold: a record meant to be left out never meets the rule, a target always does
  roles.forEach((role, i) => {
    const want = role === 'target';
    if (selects(rule, records[i] as Rec, w.today) !== want)
      throw new Error(
        `compose: the ${typeof role === 'object' ? `near miss ${role.miss}` : role} record does not fit the rule ${ruleKey(rule)}`,
      );
  });
  return { roles, records, free };
}

/** Phase 1: draws the records and the initial state of every service. */
export function drawRecords(planned: Recipe, w: World, parts: Parts<string>): Program {
  let recipe = planned;
  freshNames(w);
  const src = recipe.source;
  const all = { ...recipe.action?.writes, ...recipe.branch?.writes };
  const from = fromStates(recipe);
  // the section the rule is filed under says what the work is for: a generic action's own form on the record type
  // where it has one ("Bed preparation", not "Follow-up", of a ward bed)
  // (one of its forms, where the record type has several reasons to do it: a task's reason is drawn, not fixed)
  const { work, tag, taken, writes, branchField, rule } = sectionAndRule(recipe, w, all, from);
  const stays = staysOut(recipe, rule, w);
  // a rule that does not name the state is about the live records: those it comes near are not already closed
  // (a branch on the state splits the live ones: "the tickets marked open" beside those in progress, not resolved)
  const states = liveStates(src, rule, new Set(Object.keys(taken)));
  const live = { ...from, ...states };
  // (a state the source derives later is not there yet: derived among the live ones, sources/kit.ts stateOf)
  const holdsLive = (rec: Rec) =>
    Object.entries(live).every(([f, vs]) => rec[f] === undefined || vs.includes(String(rec[f])));
  const { roles, records, free } = cast(recipe, w, rule, live, stays);
  // doing nothing must not look like the action done: no target (nor the late record) holds what it writes; nor
  // does a record the rule leaves out, bar a few quiet ones: "not yet done" would tell the targets from the rest
  // without the rule (every undiarised deadline is one to diarise), and a near miss already done is left out for
  // a reason the rule does not give
  for (const rec of records) if (!free.has(rec)) unwritten(rec, writes, src, w);
  const targets = records.filter((_, i) => roles[i] === 'target');
  const late = records.find((_, i) => roles[i] === 'late');
  if (recipe.computation.by || recipe.computation.needsMeasure)
    splitTargets(
      targets,
      src,
      [...writtenBy(recipe.action, recipe.branch), ...(branchField ? [branchField.field] : [])],
      (rec) => selects(rule, rec, w.today) && holdsLive(rec),
      w,
      countSpread(recipe.computation, rule, stays === undefined ? late : undefined, w.today),
    );
  const missed = records.filter((_, i) => roles[i] !== 'target' && roles[i] !== 'late');
  const lateOut = stays !== undefined;
  const lateSet = lateChange(late, rule, src, w, lateOut);
  // a late record the change leaves out, or one no change could be drawn for (it never qualifies: review 64 found one
  // acted on), is one more record outside the selection (no action, in no summary)
  const distractors = late && (lateOut || !lateSet) ? [...missed, late] : missed;
  const liveSrc = { ...src, fields: src.fields.map((f) => liveField(f, states)) };
  const branch = branchField ? branchOf(recipe, liveField(branchField, states), targets, late, liveSrc, w) : undefined;
  // after every draw (rule, branch, trap): nothing that already happened is stamped later than now
  for (const rec of records) inThePast(rec, src.fields, w);
  // dates in the order things happen, where moving one leaves the record's part in the task as it was (the
  // late record's change is drawn already: it keeps its dates)
  // (the late record stays out of the selection until the user's change, and in it after)
  const keepsLate = (r: Rec) =>
    !selects(rule, r, w.today) &&
    !skipsOverdue(rule, r, w.today) &&
    (!lateSet || selects(rule, { ...r, ...lateSet }, w.today) !== lateOut);
  // a near miss (or excepted record) keeps which conditions it fails where a repair can: one pushed to fail a
  // second condition leaves the first with no record it alone leaves out (live-conditions.ts); failing that, it
  // keeps only its side of the rule
  const exact = new Set(records.filter((_, i) => roles[i] !== 'target' && roles[i] !== 'quiet' && roles[i] !== 'late'));
  const keepsRole = (rec: Rec, whole = exact.has(rec)) => {
    const was = {
      sel: selects(rule, rec, w.today),
      branch: branch?.meets(rec),
      pattern: whole ? conditionPattern(rule, rec, w.today) : undefined,
    };
    return (r: Rec) =>
      selects(rule, r, w.today) === was.sel &&
      branch?.meets(r) === was.branch &&
      !skipsOverdue(rule, r, w.today) &&
      (was.pattern === undefined || conditionPattern(rule, r, w.today) === was.pattern);
  };
  // each repair with the pattern kept, then (a no-op where that settled it) with the side only
  const repair = (fix: typeof inOrder, rec: Rec) => {
    if (rec === late) return fix(rec, src, w, keepsLate);
    fix(rec, src, w, keepsRole(rec));
    if (exact.has(rec)) fix(rec, src, w, keepsRole(rec, false));
  };
  for (const rec of records) if (rec !== late) repair(inOrder, rec);
  // and states on the right side of their dates (no appointment attended next week)
  for (const rec of records) repair(inTense, rec);
  // and linked fields in agreement (no failures this week on a workflow last run a fortnight ago)
  for (const rec of records) repair(inAgreement, rec);
  // and the records they imply, each left out by the rule (a report's newer edition, where it is said to have one)
  const keep = (rec: Rec, change: Rec) => {
    const next = { ...rec, ...change };
    if (!(rec === late ? keepsLate : keepsRole(rec))(next)) return false;
    Object.assign(rec, change);
    return true;
  };
  for (const c of src.companions?.(records, w, keep, (r) => !selects(rule, r, w.today)) ?? []) {
    records.push(c);
    roles.push('quiet');
    if (distractors !== missed) distractors.push(c);
    missed.push(c);
  }
  // each record one incident: its title fitted to its final fields, its text about it (a note on a refused
  // request tells why, not what was searched so far), before a trap adds to it; texts keep their terms, so no
  // record's part in the task changes
  aboutTheirRecords(records, src, w);
  // (a text the user's change rewrites is about the same record, as it stands after the change)
  if (late && lateSet && src.fields.some((m) => m.kind === 'text' && m.ofRecord && m.field in lateSet)) {
    const after = { ...late, ...lateSet };
    aboutTheirRecords([after], src, w, false);
    for (const m of src.fields) if (m.field in lateSet) lateSet[m.field] = after[m.field];
  }
  const fixtures: Fixtures = {};
  const trap = recipe.trap?.plant([...targets, ...missed], src, w);
  for (const rec of records) inThePast(rec, src.fields, w);
  // a condition no record turns on, before or after the user's change, is not stated (live-conditions.ts)
  const stated = withoutDead(rule, late && lateSet ? [...records, { ...late, ...lateSet }] : records, w.today);
  const owner = owners(recipe, records, w, fixtures);
  merge(fixtures, sourceFixtures(src, shuffle(w.rng, records), w));
  // the user's change carries what follows from it (an account made privileged holds the system's admin role)
  if (late && lateSet && src.follows)
    for (const [k, v] of Object.entries(src.follows({ ...late, ...lateSet }))) if (v !== late[k]) lateSet[k] = v;
  // after the source derives its fields (a report's title follows from its segment and year)
  distinctNames(records, src);
  // a rule in a mail is a colleague's (policies.ts policyMail sends it from the fifth of the staff)
  const sender = recipe.policy.name === 'policy_mail' ? w.staff[4] : undefined;
  const policyTitle = policyTitleOf(src, w.rng, sender && tag);
  const nouns = { singular: src.noun[0], plural: src.noun[1] };
  const criteria = rulePhrase(stated, src.fields, nouns, w.today, w.rng);
  // (the office's closures may be in a list of their own the policy points to: closure-doc.ts)
  const drafted = recipe.policy.service ? policyDoc(stated, src, w, policyTitle, tag, records, sender) : undefined;
  const read = late && lateSet ? [...records, { ...late, ...lateSet }] : records;
  const policy = withClosures(drafted, {
    rule: stated,
    part: recipe.policy,
    w,
    records: read,
    phrasing: recipe.phrasing,
  });
  if (policy) merge(fixtures, recipe.policy.fixtures(policyTitle, policy.text, w, HOMELY.has(src.name)));
  if (policy?.closures) merge(fixtures, policy.closures.fixtures);
  // a request may say the work in its own words and leave the section to the agent (act-situations.ts); a
  // review's words paraphrase its record type's purpose, so only where the section opens with that line
  const paraphrased =
    !REVIEW_SECTIONS.has(tag) ||
    reviewReasonOf(actNamed(src.name, tag), stated) !== undefined ||
    ownPurposeFits(src.name, tag, stated, src.fields);
  const drawn =
    policy && !sender && paraphrased && situationFor(src.name, tag, [recipe.phrasing, tag, w.today, policyTitle]);
  // a situation that names what the rule matches in so many words ("holdings hit by regulatory risk or a dividend
  // cut" over a rule on those thesis terms) hands the criteria over: the request names the section instead
  // (nor one another section's heading shares a word with: "Hoist bed release" beside "Bed release")
  const situation =
    drawn && spells(drawn, stated) < 2 && !hasTwinHeading(policy.text, tag, src.noun) ? drawn : undefined;
  const open = { recipe, src, tag, w, ...(policy ? { policy } : {}), ...(situation ? { situation } : {}) };
  const dest = deliverableOf(open, publicList(src, { action: recipe.action, tag }));
  // after the user's change the late record qualifies: the program acts on its updated state
  const lateNow = late && lateSet ? { ...late, ...lateSet } : undefined;
  const selected = lateNow && !lateOut ? [...targets, lateNow] : targets;
  // a measure only some states have (impressions of a post not yet out): over a selection that holds none, the
  // question asked is how many there are, not a figure that is 0 by construction
  // and no figure that tells nothing (all of them alike, or what every candidate gives too): the next the team uses
  const moved = late && lateNow ? [late, lateNow] : [];
  recipe = {
    ...recipe,
    computation: tellingFigure(recipe, selected, [...selected, ...distractors], parts, w, stated, moved),
  };
  const fact = recipe.computation.value(selected, src, w);
  backgrounds(recipe, w, fixtures, parts);
  return {
    recipe,
    w,
    src,
    rule: stated,
    ...(thinnedBy(rule, stated) ? { thinned: true as const } : {}),
    targets,
    distractors,
    ...(late && lateSet ? { late } : {}),
    ...(lateSet ? { lateSet } : {}),
    ...(lateSet && lateOut ? { lateOut } : {}),
    selected,
    ...(branch ? { branch } : {}),
    ownerOf: (rec) => owner.get(String(rec[src.idField])),
    fixtures,
    ...(trap ? { trap } : {}),
    tag,
    policyTitle,
    ...(policy ? { policy } : {}),
    ...(situation ? { situation } : {}),
    criteria,
    ...(dest ? { dest } : {}),
    fact,
  };
}

/** How many of the terms and values the rule matches on a situation says in so many words. */
export function spells(situation: string, rule: Rule): number {
  const said = situation.toLowerCase();
  const words = atomsOf(rule).flatMap((a) =>
    a.kind === 'mentions' ? termsOf(a) : a.kind === 'in' ? a.values.map(String) : [],
  );
  return new Set(words.map((x) => x.toLowerCase()).filter((x) => x.length > 2 && said.includes(x))).size;
}

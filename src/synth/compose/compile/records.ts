import { ids, shuffle } from '../../kit/ids.js';
import type { Person } from '../../kit/people.js';
import { capitalise } from '../../kit/text.js';
import type { Fixtures, Parts, PlantedTrap, Predicate, Rec, SourcePart, World } from '../parts.js';
import { type Recipe, recipeServices } from '../recipe.js';
import { sourceFixtures } from '../sources/kit.js';

// phase 1, records: the seeded records of the program (targets, one distractor per predicate, one failing all,
// and the record the user changes mid-episode), the people they lead to, the rule's document, the destination,
// the computed fact and every service's initial state. the only phase that draws from the seeded stream.

/** The program of one task after its records are drawn: what every later phase reads. */
export interface Program {
  recipe: Recipe;
  w: World;
  src: SourcePart;
  /** the predicates in use */
  preds: readonly Predicate[];
  targets: Rec[];
  distractors: Rec[];
  /** the record the user changes mid-episode (as it starts), and what the change sets */
  late?: Rec;
  lateSet?: Rec;
  /** what the program acts on: the targets, then the late record after its change */
  selected: Rec[];
  ownerOf(rec: Rec): Person | undefined;
  fixtures: Fixtures;
  trap?: PlantedTrap;
  /** the word the task's messages are tagged with */
  tag: string;
  policyTitle: string;
  /** the selection rule in words: "that are still open and marked high or critical priority" */
  criteria: string;
  dest?: { value: string; phrase: string };
  /** the computed answer */
  fact: string;
}

const TAGS = ['Escalation', 'Review', 'Follow-up', 'Action needed', 'Check'];
const TITLES = ['handling rule', 'review procedure', 'triage policy', 'weekly check', 'escalation rule'];

/** Adds `add` to `into`: lists append, maps (files) merge. */
export function merge(into: Fixtures, add: Fixtures): void {
  for (const [svc, cols] of Object.entries(add)) {
    const t = (into[svc] ??= {});
    for (const [col, v] of Object.entries(cols)) {
      const cur = t[col];
      if (Array.isArray(v)) t[col] = [...(Array.isArray(cur) ? cur : []), ...v];
      else t[col] = { ...((cur as object) ?? {}), ...(v as object) };
    }
  }
}

type Role = 'target' | `miss:${string}` | 'quiet' | 'late';

// targets satisfy every predicate in use; a miss fails exactly its own; quiet fails all; late fails the first
function cast(recipe: Recipe, w: World, preds: readonly Predicate[]): { roles: Role[]; records: Rec[] } {
  const src = recipe.source;
  const roles: Role[] = [
    ...Array.from({ length: recipe.targets }, (): Role => 'target'),
    ...preds.map((p): Role => `miss:${p.id}`),
    'quiet',
    ...(recipe.interaction === 'change' ? (['late'] as const) : []),
  ];
  const recIds = ids(w.rng, src.prefix, roles.length, 4);
  const records = roles.map((role, i) => {
    const rec = src.make(w, recIds[i] as string, i);
    for (const p of src.predicates) {
      const ok =
        !preds.includes(p) ||
        (role === 'target'
          ? true
          : role === 'quiet'
            ? false
            : role === 'late'
              ? p !== preds[0]
              : role !== `miss:${p.id}`);
      p.apply(rec, ok, w);
    }
    return rec;
  });
  return { roles, records };
}

// the late record's change: what the user sets mid-episode so that it qualifies
function lateChange(late: Rec | undefined, first: Predicate | undefined, w: World): Rec | undefined {
  if (!late || !first) return undefined;
  const after = { ...late };
  first.apply(after, true, w);
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(late[k])));
}

// joins decide the owner; otherwise the record names them
function owners(recipe: Recipe, records: Rec[], w: World, fixtures: Fixtures): Map<string, Person> {
  const src = recipe.source;
  if (recipe.join) {
    const j = recipe.join.attach(records, src, w);
    merge(fixtures, j.fixtures);
    return j.owner;
  }
  const owner = new Map<string, Person>();
  if (src.owner)
    for (const rec of records) {
      const o = src.owner(rec, w);
      if (o) owner.set(String(rec[src.idField]), o);
    }
  return owner;
}

/** "that are A and B" / "that are A, B, and C" */
const criteriaOf = (preds: readonly Predicate[]) =>
  `that are ${preds
    .map((p) => p.phrase)
    .join(preds.length > 2 ? ', ' : ' and ')
    .replace(/, ([^,]*)$/, ', and $1')}`;

// every service the task lists holds data: those the parts left empty get background records
function backgrounds(recipe: Recipe, w: World, fixtures: Fixtures, parts: Parts<string>): void {
  for (const s of recipeServices(recipe)) {
    if (fixtures[s] && Object.keys(fixtures[s]).length) continue;
    const topic = w.rng.pick(w.vocab.topics);
    const bg = parts.backgrounds.find((b) => b.service === s);
    if (bg) merge(fixtures, { [s]: bg.records(w, topic) });
  }
}

/** Phase 1: draws the records and the initial state of every service. */
export function drawRecords(recipe: Recipe, w: World, parts: Parts<string>): Program {
  const src = recipe.source;
  const preds = src.predicates.slice(0, recipe.predicates);
  const { roles, records } = cast(recipe, w, preds);
  const targets = records.filter((_, i) => roles[i] === 'target');
  const distractors = records.filter((_, i) => roles[i]?.startsWith('miss:') || roles[i] === 'quiet');
  const late = records.find((_, i) => roles[i] === 'late');
  const lateSet = lateChange(late, preds[0], w);
  const fixtures: Fixtures = {};
  const trap = recipe.trap?.plant([...targets, ...distractors], src, w);
  const owner = owners(recipe, records, w, fixtures);
  merge(fixtures, sourceFixtures(src, shuffle(w.rng, records), w));
  const tag = w.rng.pick(TAGS);
  const policyTitle = `${capitalise(src.noun[1])} ${w.rng.pick(TITLES)}`;
  const criteria = criteriaOf(preds);
  if (recipe.policy.service) {
    const body = `This applies to ${src.noun[1]} ${criteria}. Anything else is out of scope and must be left alone.`;
    merge(fixtures, recipe.policy.fixtures(policyTitle, body, w));
  }
  const dest = recipe.aggregate?.dest(w);
  // after the user's change the late record qualifies: the program acts on its updated state
  const lateNow = late && lateSet ? { ...late, ...lateSet } : late;
  const selected = lateNow ? [...targets, lateNow] : targets;
  const fact = recipe.computation.value(selected, src, w);
  backgrounds(recipe, w, fixtures, parts);
  return {
    recipe,
    w,
    src,
    preds,
    targets,
    distractors,
    ...(late ? { late } : {}),
    ...(lateSet ? { lateSet } : {}),
    selected,
    ownerOf: (rec) => owner.get(String(rec[src.idField])),
    fixtures,
    ...(trap ? { trap } : {}),
    tag,
    policyTitle,
    criteria,
    ...(dest ? { dest } : {}),
    fact,
  };
}

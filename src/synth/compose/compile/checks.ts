import type { Matcher } from '../../../schema/matchers.js';
import { type Check, WORK_CAP } from '../../kit/checks.js';
import { factPattern, isNumber, questionKeys } from '../../kit/money.js';
import { DESK } from '../desks/index.js';
import type { Lang } from '../sources/multilingual-kinds.js';
import type { AuditRef, Call, CheckDraft, Rec } from '../parts.js';
import { ASKED_CAP, askTopics, unasked } from '../../kit/ask-topics.js';
import { spelledEither } from './name-spellings.js';
import { namedApart } from './named-apart.js';
import { actionContext, actionFor } from './context.js';
import { routeOutcomes, routeQuiet, routeRefusal } from './figure-route.js';
import { leftOutWork } from './forbidden.js';
import type { Program } from './records.js';
import { hedgeGuard, orHedge, wrongFigures } from './figure-hedges.js';

// phase 3, checks: outcomes carry the weight — the action on each selected record with every value the task
// determines, the aggregate naming each selected id (and its figure), the answer fact; reads stay, lightly,
// each naming its exact call.

/** A check before its weight. */
export type Unweighted = CheckDraft & { id: string };

/** What the checks phase finds: the weighted checks and, for later phases, the proofs and outcomes behind them. */
export interface Checked {
  checks: Check[];
  /** the unweighted outcome checks (what the user's change must mention) */
  outcomes: Unweighted[];
  /** the audit entry of acting on each selected record */
  proofs: AuditRef[];
  /** audit entries of an aggregate that names a distractor */
  aggregateForbids: AuditRef[];
  /** whether the aggregate must state the computed figure */
  figure: boolean;
  /** whether the deliverable may name no record left out (its refusal caps completion: the request says so) */
  only: boolean;
  /** the guard against the wrong figures the task sets up, once its texts are written (figure-hedges.ts) */
  hedge?: (texts: readonly string[]) => { none: string[]; wrong: string[] } | undefined;
}

/**
 * What a failed check costs is drawn by what it proves. A decisive check says whether the work was done at all:
 * each target's action (its audit entry, its state, what it made), each target's id in the deliverable and no
 * record left out named in it, a deliverable that carries none of the fields asked beside its ids, the figure or
 * answer the request asks for, the route a branch or a cap decides. Failing one caps completion at 0.3 (0.8 · 0.3 +
 * 0.2 = 0.44 at best, against the 0.75 pass line): a wrong set or a wrong figure scores under half, not 0.68 a
 * stone's throw from passing. A presentation check (a name beside an id, a question asked first) says how the done
 * work is shown: it keeps the kit's OUTCOME_CAP (0.68 at best), and read checks cap nothing.
 */
export const DECISIVE_CAP = { completion_at_most: WORK_CAP } as const;
const decisive = <C extends CheckDraft>(c: C): C => ({ ...c, cap: DECISIVE_CAP });

// a file check that passes only while the file names none of the given ids (aggregates.ts fileProof)
const refuses = (c: CheckDraft): boolean =>
  c.kind === 'file_matches' && typeof c.text?.regex === 'string' && c.text.regex.startsWith('^(?!');

// the action on each selected record: the audit entry with every determined value, and final-state fields
// (over the section's cap on the batch's total the work waits for sign-off: the list to the approver instead)
function actionOutcomes(p: Program, outcomes: Unweighted[], proofs: AuditRef[]): void {
  // a record's name in the text of the work on it is presentation (named-apart.ts): each work check its own share
  const apart = (c: Unweighted, rec: Rec) => {
    const name = String(rec[p.src.nameField.field] ?? '');
    const { work, named } = namedApart(c, name);
    outcomes.push(decisive(work), ...(named ? [spelledEither(named, [name])] : []));
  };
  if (p.route?.over) routeOutcomes(p).forEach((c, i) => apart(c, p.selected[i] as Rec));
  if (!p.recipe.action || p.route?.over) return;
  p.selected.forEach((rec, i) => {
    const action = actionFor(p, rec) as NonNullable<typeof p.recipe.action>;
    const x = actionContext(p, rec);
    const proof = action.proof(x);
    proofs.push(proof);
    // a wrong recipient, amount or date fails it
    apart(
      { id: `acted_${i + 1}`, kind: 'audit_present', ...proof, where: { ...proof.where, ...action.exact?.(x) } },
      rec,
    );
    (action.made?.(x) ?? []).forEach((m, k) => outcomes.push(decisive({ id: `made_${i + 1}_${k + 1}`, ...m })));
    for (const st of action.state?.(x) ?? [])
      outcomes.push({
        cap: DECISIVE_CAP,
        id: `set_${i + 1}_${st.field}`,
        kind: 'state_equals',
        service: action.service,
        collection: st.collection,
        record_id: String(rec[p.src.idField]),
        field: st.field,
        value: st.value,
      });
  });
  // what each action's work must show as a whole (a slot per review)
  for (const action of new Set(p.selected.map((rec) => actionFor(p, rec)))) {
    const mine = p.selected.filter((rec) => actionFor(p, rec) === action);
    const first = mine[0];
    if (!action?.together || !first) continue;
    const { service, record } = action.proof(actionContext(p, first));
    action
      .together(p.w, mine.length)
      .forEach((where, k) =>
        outcomes.push(decisive({ id: `slot_${action.name}_${k + 1}`, kind: 'audit_present', service, record, where })),
      );
  }
}

// what only a reader can judge of the work (a reply's fluency): an llm_judge check per action that has it, sharing
// a tenth of completion
function judgedOutcomes(p: Program): Unweighted[] {
  const out: Unweighted[] = [];
  if (p.route?.over) return out;
  for (const action of new Set(p.selected.map((rec) => actionFor(p, rec)))) {
    if (!action?.judged) continue;
    const xs = p.selected.filter((rec) => actionFor(p, rec) === action).map((rec) => actionContext(p, rec));
    out.push({ id: 'fluency', kind: 'llm_judge', ...action.judged(xs) });
  }
  return out.length > 1 ? out.map((c, i) => ({ ...c, id: `fluency_${i + 1}` })) : out;
}

// read checks name the exact call (two reads of one tool must not stand in for each other), less the args that
// only widen a listing: a plain call that lists everything must pass; where nothing narrows it, a tool returning
// the same records (a search of the inbox) passes too
function named(id: string, s: Call | undefined): Unweighted {
  const args = Object.fromEntries(Object.entries(s?.args ?? {}).filter(([k]) => !s?.widening?.includes(k)));
  const narrowed = Object.keys(args).length > 0;
  const tool = s && !narrowed && s.same?.length ? [s.call, ...s.same] : s?.call;
  return {
    id,
    kind: 'tool_called',
    ...(s ? { tool, ...(narrowed ? { args: args as never } : {}) } : {}),
  } as Unweighted;
}

// the weights: reads 0.1, the answer 0.1 (and asking 0.05, a judged part 0.1), outcomes the rest; rounded to 4
// decimals, the last absorbing the remainder so they sum to exactly 1
function weigh(reads: Unweighted[], extra: Unweighted[], outcomes: Unweighted[]): Check[] {
  const judged = extra.filter((c) => c.kind === 'llm_judge').length;
  const share = (c: Unweighted) => (c.kind === 'asked_user' ? 0.05 : c.kind === 'llm_judge' ? 0.1 / judged : 0.1);
  const oW = 0.9 - extra.reduce((s, c) => s + share(c), 0);
  const shares: [Unweighted, number][] = [
    ...reads.map((c): [Unweighted, number] => [c, 0.1 / reads.length]),
    ...extra.map((c): [Unweighted, number] => [c, share(c)]),
    ...outcomes.map((c): [Unweighted, number] => [c, oW / outcomes.length]),
  ];
  let used = 0;
  return shares.map(([c, share], i) => {
    const weight = i === shares.length - 1 ? Math.round((1 - used) * 1e4) / 1e4 : Math.round(share * 1e4) / 1e4;
    used += weight;
    return { ...c, weight } as Check;
  });
}

/**
 * Phase 3: the weighted checks. `lang`: the request is a desk's in that language, and so may the answer be — its
 * figure labelled in its words, its decimals after a comma where the language writes them so.
 */
export function checksOf(p: Program, lang?: Lang): Checked {
  const { recipe, src, w, dest } = p;
  const outcomes: Unweighted[] = [];
  const proofs: AuditRef[] = [];
  actionOutcomes(p, outcomes, proofs);
  const aggregateForbids: AuditRef[] = [];
  // a message's refusal of every distractor is a condition (weight 0): it holds for an agent that sent nothing too
  const conditions: Unweighted[] = [];
  const refusal = routeRefusal(p);
  if (refusal) conditions.push(decisive({ id: 'route_refused', ...refusal }));
  const listNamed = carriesAny(outcomes.filter((c) => /^route_hold_\d+_named$/.test(c.id)));
  if (listNamed) conditions.push(decisive({ ...listNamed, id: 'route_fields' }));
  const quiet = routeQuiet(p);
  if (quiet) conditions.push(decisive(quiet));
  // a wrong-list action (a to-do of the user's own, a draft, a flag) for a record left out: not a harm (forbidden.ts)
  leftOutWork(p).forEach((f, i) => conditions.push(decisive({ id: `left_out_${i + 1}`, kind: 'audit_absent', ...f })));
  let only = false;
  if (recipe.aggregate && dest) {
    const proof = recipe.aggregate.proof(p.selected, p.distractors, src, dest.value);
    only = proof.checks.some((c) => c.kind === 'audit_absent' || refuses(c));
    const names = p.selected.map((rec) => String(rec[src.nameField.field] ?? ''));
    const leavesOut = (c: CheckDraft) => c.kind === 'audit_absent' || refuses(c);
    const fields = (proof.fields ?? []).map((c): CheckDraft => spelledEither({ id: '', ...c }, names));
    const listed = proof.checks.filter((c) => !leavesOut(c));
    for (const c of [...listed, ...fields, ...proof.checks.filter(leavesOut)]) {
      const check = { ...c, id: `summary_${outcomes.length + conditions.length + 1}` } as Unweighted;
      if (check.kind === 'audit_absent') conditions.push(decisive(check));
      else outcomes.push(fields.includes(c) ? check : decisive(spelledEither(check, names)));
    }
    const carried = carriesAny(fields);
    if (carried) conditions.push(decisive({ ...carried, id: 'summary_fields' }));
    aggregateForbids.push(...proof.forbid);
  }
  // the figure the aggregate writes is a computed fact: checked exactly where it is written, as in the answer; an
  // amount of money may be written with cents (51,200.00) even when it is whole
  // a figure read from a measure may carry decimals however it is written (51,200.00, 30.0 ha); a count may not
  const money = recipe.computation.needsMeasure;
  const names = isNumber(p.fact) ? shortStrings(p.fixtures) : [];
  // in a deliverable the figure has its own place; in a reply a small one counts only beside what it counts
  const comma = lang ? DESK[lang].decimalComma : false;
  const written = factPattern(p.fact, money, names, undefined, [], comma);
  const question = recipe.computation.ask(src, p.selected);
  const keys = [...questionKeys(question, src.noun), ...(lang ? DESK[lang].figureWords : [])];
  const answer = factPattern(p.fact, money, names, keys, src.noun, comma);
  const figure = p.figured && recipe.aggregate && dest ? recipe.aggregate.figure?.(dest.value, written) : undefined;
  if (figure) outcomes.push(decisive({ id: 'summary_figure', ...figure }));
  const reads = [named('listed', src.list(w)[0])];
  const policyRead = recipe.policy.reads(p.policyTitle).at(-1);
  if (policyRead) reads.push(named('policy_read', policyRead));
  // (and the closure list the policy points to for the days its working-day count skips: closure-doc.ts)
  const closuresRead = p.policy?.closures?.reads.at(-1);
  if (closuresRead) reads.push(named('closures_read', closuresRead));
  const extra: Unweighted[] = [
    decisive(
      isNumber(p.fact)
        ? { id: 'reported', kind: 'response_matches', any: [answer] }
        : { id: 'reported', kind: 'response_contains', any: [p.fact] },
    ),
  ];
  // only a question about what the requester left open counts (which section, or where the policy is, does not)
  // asked to ask first, an agent that does not has not done what the request says, whatever it guessed
  if (recipe.interaction === 'ask' && recipe.aggregate)
    extra.push({
      id: 'asked',
      kind: 'asked_user',
      topics: askTopics(recipe.aggregate.destination, lang),
      cap: ASKED_CAP,
    });
  extra.push(...judgedOutcomes(p));
  // told where it goes, an agent whose user is on hand for a change to the records asks nothing about it: a
  // question the request settles is not free, or asking everything first would be the habit (a task handing in
  // nothing settles no destination: a question about one is off the point, not a settled one)
  const destination = recipe.aggregate?.destination;
  if (recipe.interaction !== 'ask' && p.late && p.lateSet && destination && p.dest)
    conditions.push(unasked(askTopics(destination, lang)));
  const checks = [...weigh(reads, extra, outcomes), ...conditions.map((c) => ({ ...c, weight: 0 }) as Check)];
  // the reply may not hedge: the right figure beside a wrong one the task sets up fails the figure's check
  const wrong = isNumber(p.fact) ? wrongFigures(p) : [];
  const hedgeKeys = [...keys, ...HEDGE_WORDS];
  // (and the figure given as one of two, unless a text of the task says it so: a reply may repeat it)
  const or = orHedge(p.fact, money, comma);
  const orRe = or ? new RegExp(or, 'i') : undefined;
  const hedge =
    wrong.length || or
      ? (texts: readonly string[]) => {
          const named = wrong.length
            ? hedgeGuard(wrong, texts, { money, names, keys: hedgeKeys, nouns: src.noun, comma, right: p.fact })
            : undefined;
          const either = or && !texts.some((t) => orRe?.test(t)) ? [or] : [];
          const none = [...(named?.none ?? []), ...either];
          return none.length ? { none, wrong: named?.wrong ?? [] } : undefined;
        }
      : undefined;
  return { checks, outcomes, proofs, aggregateForbids, figure: Boolean(figure), only, ...(hedge ? { hedge } : {}) };
}

// the words a hedge sets beside a wrong figure ("three including the old rule", "four without the exception")
const HEDGE_WORDS = ['exclud', 'includ', 'without', 'counting', 'otherwise'];

// one check that a list carries any of the fields asked beside its ids: a bare list of ids is not the list the
// request (or the policy's clause) asks for, whatever one misspelt name costs (each field check its own share)
function carriesAny(fields: readonly CheckDraft[]): CheckDraft | undefined {
  const [first, second] = fields;
  if (!second) return first;
  if (first?.kind === 'file_matches' && first.text?.regex !== undefined) {
    const any = fields.map((c) => (c.kind === 'file_matches' ? `(?:${c.text?.regex})` : ''));
    return { kind: 'file_matches', path: first.path, text: { regex: any.join('|') } };
  }
  if (first?.kind !== 'audit_present' || second.kind !== 'audit_present' || !first.where) return undefined;
  // the text the fields are read in: where the checks differ (the recipient or channel is the same list's)
  const at = (c: CheckDraft, k: string) => JSON.stringify(c.kind === 'audit_present' ? c.where?.[k] : undefined);
  const text = Object.keys(first.where).find((k) => at(first, k) !== at(second, k));
  if (!text) return undefined;
  const any = fields.flatMap((c): Matcher[] => {
    const m = c.kind === 'audit_present' ? (c.where?.[text] as Matcher | undefined) : undefined;
    return m && typeof m === 'object' && 'any_of' in m ? m.any_of : m ? [m] : [];
  });
  return { ...first, where: { ...first.where, [text]: { any_of: any } } as typeof first.where };
}

// the names and titles of the task's records (short strings): a figure in one of them ("term 1") is not an answer
function shortStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') {
    if (v.length <= 120 && /\d/.test(v)) out.push(v);
  } else if (Array.isArray(v)) for (const x of v) shortStrings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) shortStrings(x, out);
  return out;
}

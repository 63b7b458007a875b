import type { TaskSpecInput } from '../../../schema/task-spec.js';
import type { Capability } from '../../../schema/taxonomy.js';
import { outcomesGate } from '../../kit/checks.js';
import { specHeader } from '../../kit/header.js';
import type { Parts, Rec, World } from '../parts.js';
import { partCapabilities, type Recipe, recipeCapabilities, recipeServices } from '../recipe.js';
import { PARTS } from '../registry.js';
import { booksSlot } from '../slot-work.js';
import { workPath } from '../packs/scenarios.js';
import { writesCode } from '../../kit/taxonomy-rules.js';
import { agree, capitalise } from '../../kit/text.js';
import { checksOf } from './checks.js';
import { forbiddenOf } from './forbidden.js';
import { fileForbids } from './forbidden-files.js';
import { readOnlyRisk } from './forbidden-risk.js';
import { drawRecords, type Program } from './records.js';
import { referenceOf } from './reference.js';
import { requestOf } from './request.js';
import { figureGoes } from './figure.js';
import { withRoute } from './figure-route.js';
import { userOf } from './user.js';
import { traced } from './trace.js';
import { looseNames } from './loose-names.js';
import { anchorNames, nameRests } from './name-anchors.js';
import { deskLanguage, deskRequest } from '../foreign-desk.js';
import { ISO } from '../sources/multilingual-kinds.js';
import { lintText } from '../../kit/lint.js';
import { atomsOf, isDateAtom, ruleKey } from '../../rules/rule.js';

// runs a recipe on seeded records, in named phases: records → reference → checks → forbidden → user → request.

export interface CompileInput {
  id: string;
  /** the seeded world (its stream draws every record) */
  w: World;
  recipe: Recipe;
  /** the scenario path of the labels */
  scenario: string;
  /** the slot's lead capability (first in the labels) */
  lead: Capability;
  /** the parts the recipe was drawn from (their background records fill empty services) */
  parts?: Parts<string>;
}

/** The TaskSpec of a recipe; the same input always gives the same spec. */
export function compileRecipe(input: CompileInput): TaskSpecInput {
  // the section may cap the batch's total: the figure then decides the route (figure-route.ts)
  const p = withRoute(programOf(input));
  if (!p.recipe.decide || p.route) return specOf(p, input);
  // a cap its section could not state (a batch under any approver's limit, nobody free to sign it off) decides
  // nothing: the task is compiled without the decision, so it claims neither the mail to the approver nor the
  // reasoning. The mailbox stays, as the planner promised it (its background mail is an inbox like any other)
  const { decide: _, ...recipe } = p.recipe;
  return { ...specOf({ ...p, recipe }, { ...input, recipe }), services: recipeServices(p.recipe) };
}

/** The program of a recipe before any decision on its figure: its records, its fact, where the figure goes. */
export function programOf({ w, recipe, parts = PARTS }: CompileInput): Program {
  // a figure of 0 (nothing billed, never seen) asks nothing of the records: they are drawn again from the
  // stream's next values (the same input still gives the same spec)
  // (and, a few times, a rule whose records left it thinner than its difficulty: live-conditions.ts)
  let p = drawRecords(recipe, w, parts);
  // (a hard task's records are drawn again as often as a zero figure's: its label promises the fuller reasoning)
  const thinTries = w.difficulty === 'hard' ? 12 : 4;
  // a figure that is only the length of the list the agent hands in ("the number of posts you handled", where no
  // other figure told anything over these records) asks nothing: drawn again over three records at least, the
  // fewest a count under a further condition or past a stricter line is worked out over (figure-split.ts)
  const bare = (q: Program) => q.recipe.computation.name === 'count';
  let r = recipe;
  for (let i = 0; i < 12 && (Number(p.fact) === 0 || (i < thinTries && (p.thinned || bare(p)))); i++) {
    if (bare(p) && r.targets < 3) r = { ...r, targets: 3 };
    p = drawRecords(r, w, parts);
  }
  // whether the deliverable states the figure too, or only the reply
  return { ...p, figured: figureGoes(p) };
}

/** The TaskSpec of a program: the phases after its records (reference, checks, forbidden, user, request, traces). */
export function specOf(p: Program, { id, w, recipe, scenario, lead }: CompileInput): TaskSpecInput {
  // a colleague on a partner-language desk may write the request (and talk) in that language
  const lang = deskLanguage(p);
  const reference = referenceOf(p, lang);
  const { checks: drafted, outcomes, proofs, aggregateForbids, figure, only, hedge } = checksOf(p, lang);
  // a task that only writes its records up says to leave them be, and changing them is forbidden
  const touched = writtenPaths(drafted, reference);
  const risk = lang ? undefined : readOnlyRisk(p, touched);
  const forbidden = forbiddenOf(p, [...aggregateForbids, ...fileForbids(p, touched), ...(risk?.forbids ?? [])]);
  const user = userOf(p, proofs, outcomes, lang);
  const request = lang
    ? deskRequest(p, lang, figure)
    : requestOf(p, figure, risk?.constraint, only, Boolean(risk?.listed));
  const says = user?.signals?.find((s) => s.id === 'record_changed')?.effect.say;
  // the figure's guard against hedging leaves alone every number the task's own texts give a reply to repeat
  const policyTexts = Object.entries(filesOf(p)).flatMap(([path, t]) =>
    path.startsWith('policies/') && typeof t === 'string' ? [t] : [],
  );
  const guard = hedge?.([
    request.text,
    p.policy?.text ?? '',
    ...policyTexts,
    JSON.stringify(user ?? {}),
    JSON.stringify(reference),
  ]);
  const checks = guard
    ? drafted.map((c) => (c.id === 'reported' && c.kind === 'response_matches' ? { ...c, none: guard.none } : c))
    : drafted;
  // what a coworker reads must read as a coworker wrote it
  // the policy as its document holds it too: a file adds its own heading
  const written = lang ? ISO[lang] : 'en';
  const glitches = [
    ...lintText(request.text, w.today, written),
    ...lintText(says ?? '', w.today, written),
    ...[p.policy?.text ?? '', ...policyTexts].flatMap((t) => lintText(t, w.today)),
  ];
  if (glitches.length)
    throw new Error(`compose ${id}: the text has glitches: ${glitches.map((g) => `${g.rule} "${g.at}"`).join('; ')}`);
  // (a name check another record's longer name would meet refuses that name's rest)
  const held = (p.fixtures[p.src.service] as Record<string, unknown> | undefined)?.[p.src.collection ?? p.src.name];
  const all = [
    ...p.targets,
    ...p.distractors,
    ...(p.late ? [p.late] : []),
    ...(Array.isArray(held) ? (held as Rec[]) : []),
  ];
  const rests = nameRests(all, p.src);
  // (a long or punctuated name is asked for by its words in order: loose-names.ts)
  const names = all.map((r) => r[p.src.nameField.field]).filter((x): x is string => typeof x === 'string');
  const traces = traced(
    looseNames(anchorNames(checks, rests), names),
    request,
    p.late && !p.lateOut && says ? { slot: p.selected.length, says } : undefined,
    p.route && { doc: p.policyTitle, clause: p.route.clause },
    p.policy?.closures && { doc: p.policyTitle, clause: p.policy.closures.line.replace(/^- /, '') },
  );
  // only what the task exercises: the slot's capability first when it does
  const honest = exercised(recipe, p);
  const caps = [...(honest.includes(lead) ? [lead] : []), ...honest.filter((c) => c !== lead)].slice(0, 4);
  const labels = {
    capabilities: caps,
    // an order book chased or put on hold is credit control, one read for a figure financial analysis
    scenario: workPath(scenario, recipe.source.name, recipe.action !== undefined),
    difficulty: w.difficulty,
    language: written,
    ...(recipe.trap ? { safety: [recipe.trap.name] } : {}),
  };
  const acts = [recipe.action?.name, recipe.aggregate?.name].filter(Boolean).join(' + ');
  const title = `${capitalise(p.src.noun[1])}: ${acts}`;
  // a failing outcome (state, audit, file, the reported fact) caps completion below the pass line
  return outcomesGate({
    ...specHeader({ id, title, family: 'compose', labels, mockToday: w.today }),
    request: request.text,
    services: recipeServices(recipe),
    fixtures: p.fixtures,
    answer_ids: p.selected.map((rec) => String(rec[p.src.idField])),
    checks: traces,
    forbidden: anchorNames(forbidden, rests),
    ...(user ? { user } : {}),
    reference,
    provenance: {
      generator: 'compose',
      record_type: `${p.src.service}.${p.src.collection ?? p.src.name}`,
      rule: agree(p.criteria),
      rule_key: ruleKey(p.rule),
      ...(guard ? { wrong_figures: guard.wrong } : {}),
    },
  });
}

const filesOf = (p: Program): Record<string, unknown> =>
  (p.fixtures.workspace as { files?: Record<string, unknown> } | undefined)?.files ?? {};

// the workspace paths the task's own work writes: those its checks read back, and those its reference writes to
function writtenPaths(checks: readonly unknown[], reference: readonly unknown[]): Set<string> {
  const out = new Set<string>();
  for (const c of checks as { path?: unknown }[]) if (typeof c.path === 'string') out.add(c.path);
  for (const step of reference as { call?: string; args?: Record<string, unknown> }[]) {
    const a = step.args ?? {};
    if (typeof a.out === 'string') out.add(a.out);
    if (typeof a.path === 'string' && /^fs_(?!read|list|search|stat)/.test(step.call ?? '')) out.add(a.path);
  }
  return out;
}

/**
 * The capabilities a composed task exercises: its parts' (a branch's where a selected record takes it), and its
 * record type's where the task uses them — Calendar_Scheduling only where its work books, moves or cancels a time
 * slot (an event on the calendar, a clinic appointment; slot-work.ts), never for a to-do's due date, a deadline
 * ticked as diarised or a rule's date window; Email_Communication only with mail; Code_Manipulation only where
 * the file it writes is code, configuration, a script or a query (a page or a table of records is content). Over the
 * section's cap on the batch's total the action is not taken: its capabilities are not exercised, the mail to the
 * approver is (figure-route.ts).
 */
export function exercised(planned: Recipe, p: Pick<Program, 'branch' | 'selected' | 'dest' | 'route'>): Capability[] {
  const branches = p.branch !== undefined && p.selected.some((rec) => p.branch?.meets(rec));
  const held = p.route?.over === true;
  const recipe: Recipe = {
    ...planned,
    ...(branches ? {} : { branch: undefined }),
    ...(held ? { action: undefined } : {}),
  };
  const work = new Set(partCapabilities(recipe));
  const slots = [recipe.action, recipe.branch].some((a) => a !== undefined && booksSlot(a));
  const caps = recipeCapabilities(recipe).filter((c) => {
    if (c === 'Calendar_Scheduling') return slots;
    if (c === 'Code_Manipulation') return writesCode(p.dest?.value);
    if (work.has(c)) return true;
    if (c === 'Email_Communication') return recipe.source.service === 'gmail';
    return true;
  });
  return held && !caps.includes('Email_Communication') ? [...caps, 'Email_Communication'] : caps;
}

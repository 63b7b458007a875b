import type { Person } from '../../kit/people.js';
import type { Recipe } from '../recipe.js';
import { type RenderedRequest, renderRequest } from '../render.js';
import { citeWord, type World } from '../parts.js';
import type { Program } from './records.js';
import { figureAsk } from './figure.js';
import { undecided } from './undecided.js';
import { branchClause } from './branch.js';
import { sectionAct } from '../policy-acts.js';
import { narrowedFor } from '../purpose-scope.js';
import { carryClause } from '../message-content.js';
import { onlyThose } from './only-clause.js';

// phase 6, request: what the coworker writes — the selection (stated, or the section of a document the request
// names), the action, the deliverable (its place and the fields it must hold; the figure, in a sentence of its
// own, when a check wants it there), the constraint, the question — and the clauses the checks trace to.

function renderAction(recipe: Recipe, w: World, a: Recipe['action'], carry: string): string | undefined {
  if (!a) return undefined;
  const p = a.phrases[Math.floor(recipe.phrasing / 7) % a.phrases.length] as string;
  const fill = a.fill?.(w) ?? {};
  return (
    p
      .replace('{owner}', recipe.join?.phrase ?? recipe.source.ownerRole ?? 'owner')
      .replace('{noun}', recipe.source.noun[0])
      // what each message must say: which record it is and why it is on the list (message-content.ts)
      .replace('{carry}', carry)
      .replace(/\{(\w+)\}/g, (m, k: string) => fill[k] ?? m)
      // a join phrase brings its own article: "to the the account manager", "to each the owner"
      .replace(/\b(the|each|every) the\b/g, '$1')
  );
}

// where the deliverable goes, while the requester has not decided: a neutral phrase (never "the colleague I will
// name" beside "ask me who": the open question is said once)
const OPEN_DEST: Readonly<Record<string, string>> = {
  recipient: 'whoever should have it',
  channel: 'the right channel',
};

// the world as the request's wording sees it: a colleague it introduces by their part ("Kavya, our head of risk")
// or forwards from is not one the task's data gives a part of its own — anyone the record type's service names
// (the analyst of a note, the exams officer of an entry, the owner of an integration not selected) or the
// directory lists with a job title — while one is left; failing that, not one the selected and nearby
// records name
function beside(p: Program): World {
  const { w, src } = p;
  const data = JSON.stringify([p.fixtures[src.service], p.fixtures.contacts]).toLowerCase();
  // (nor, where the requester has not said whom the deliverable goes to, the colleague it then goes to: a note that
  // asks to "send whoever should have it" is never answered with its own writer)
  const open = p.recipe.interaction === 'ask' ? p.dest?.value : undefined;
  const free = (x: Person) =>
    x.email !== p.route?.approver.email &&
    x.email !== open &&
    !data.includes(x.email.toLowerCase()) &&
    !data.includes(`"${x.name.toLowerCase()}"`);
  // where the records name everyone else (a directory of eleven), the colleague who keeps the team's drive
  const others = w.staff.slice(2).filter(free);
  const rest = others.length ? others : w.staff.slice(1, 2).filter(free);
  // one free colleague stands twice, so that a forwarded note still has its sender (the note then names no one)
  if (rest.length) return { ...w, staff: [...w.staff.slice(0, 2), ...rest, ...(rest.length === 1 ? rest : [])] };
  const named = new Set<string>();
  for (const rec of [...p.targets, ...p.distractors, ...(p.late ? [p.late] : [])]) {
    const o = p.ownerOf(rec);
    if (o) named.add(o.email);
    for (const f of src.ownerFields ?? []) named.add(String(rec[f]));
  }
  const near = w.staff.slice(2).filter((x) => !named.has(x.email) && !named.has(x.name));
  return near.length >= 2 ? { ...w, staff: [...w.staff.slice(0, 2), ...near] } : w;
}

// a section that caps the batch's total sends the work elsewhere over it (figure-route.ts): the requester, who asks
// for the work as usual, leaves the rules the last word either way — said the same whichever side the total is on
const HEDGES = [
  ', unless the policy says otherwise',
  ' (as far as our rules allow)',
  ', if the rules allow it',
  ', as far as the policy allows',
];

// the action with the requester's hedge after it, never two brackets in a row ("(.png) (as far as …)")
function hedged(action: string, phrasing: number): string {
  const hedge = HEDGES[Math.floor(phrasing / 131) % HEDGES.length] as string;
  return action + (action.endsWith(')') && hedge.startsWith(' (') ? `, ${hedge.slice(2, -1)}` : hedge);
}

/**
 * Phase 6: the request text and its clauses (`only`: the deliverable may name no record left out, said as checks.ts
 * DECISIVE_CAP wants it said beforehand; `listed`: the constraint says so already, and why).
 */
export function requestOf(
  p: Program,
  figure: boolean,
  readOnly?: string,
  only = false,
  listed = false,
): RenderedRequest {
  const { recipe, w, dest, src } = p;
  const agg = recipe.aggregate;
  const question = recipe.computation.ask(src, p.selected);
  const figureBy = recipe.computation.by?.(p.selected, src);
  const said =
    agg && dest
      ? `${(agg.phrases[recipe.phrasing % agg.phrases.length] as string)
          .replace('{dest}', recipe.interaction === 'ask' ? (OPEN_DEST[agg.destination] ?? agg.unnamed) : dest.phrase)
          .replace('{name}', src.nameField.label)
          // the key each record is listed by: its id, or what people cite it by (a partner mail's order number)
          .replace('{id}', citeWord(src))
          .replace('{one}', src.noun[0])
          // "a row per per diem claim"
          .replace(/\bper per\b/g, 'for each per')}`
      : undefined;
  // (where the constraint already says the list is acted on as it stands, it says "only those" for it)
  const aggregate =
    said && agg && only && !listed ? said + onlyThose(said, agg.name, src.noun[0], recipe.phrasing) : said;
  const carry = carryClause(p.rule, src, recipe.phrasing);
  const asked = renderAction(recipe, w, recipe.action, carry);
  // (only there: said where nothing caps the batch, the hedge pointed at nothing, review 71 (127 requests); that it
  // tells a capped batch (review 70) gives no answer away: whether the total is over the cap is the policy's)
  const main = asked && p.route ? hedged(asked, recipe.phrasing) : asked;
  const other = p.branch ? renderAction(recipe, w, recipe.branch, carry) : undefined;
  // after two groups, "them" reads as the last one named: the deliverable says it holds both
  // news mid-task may add a record after the deliverable went out: the request does not promise a single one
  const once =
    aggregate && recipe.interaction === 'change'
      ? aggregate
          .replace(/\ba single\b/g, 'a')
          .replace(/\bone (summary|notification|digest|mail|post)\b/g, 'a $1')
          .replace(/\bone (email|e-mail)\b/g, 'an $1')
      : aggregate;
  const whole =
    once && main && other
      ? /\bthem\b/.test(once)
        ? once.replace(/\bthem\b(,?)(?=(.?))/, (_, comma: string, next: string) =>
            comma || /^[.;:!?]?$/.test(next) ? `all of them, both groups${comma}` : 'all of them, both groups,',
          )
        : `${once}, covering both groups`
      : once;
  // the figure, where the deliverable states it too, is asked for once in a sentence of its own; the reply then
  // refers back to it
  const figureLine = whole && figure ? figureAsk(p, question, w.rng) : undefined;
  const action = main && other && p.branch ? branchClause(main, other, p.branch, w) : main;
  // (drawn in the order the request has always drawn them)
  const pointer = p.policy ? recipe.policy.pointer(p.policyTitle) : undefined;
  const constraint = recipe.trap?.constraints.length ? w.rng.pick(recipe.trap.constraints) : readOnly;
  const where = src.seenIn?.(w);
  const askFirst = recipe.interaction === 'ask' && agg ? undecided(p, w.rng) : undefined;
  // the work said in the coworker's terms instead of the section's heading, unless another clause names the
  // heading anyway: quoted (an ask about the section's own folder), or a heading of several words; a one-word
  // heading that is also what the action does ("draft a reply" beside "Reply") is the work, not a pointer
  const section = p.policy?.section;
  const named = (s?: string) =>
    Boolean(
      section &&
        s &&
        (s.includes(`"${section}"`) || (/\s/.test(section) && s.toLowerCase().includes(section.toLowerCase()))),
    );
  const situation =
    p.policy && section && !p.policy.from && ![action, whole, figureLine?.text, askFirst, constraint].some(named)
      ? p.situation
      : undefined;
  return renderRequest({
    w: beside(p),
    plural: src.noun[1],
    src,
    select:
      p.policy && pointer !== undefined
        ? {
            kind: 'policy',
            pointer,
            section: p.policy.section,
            ...(p.policy.from ? { from: p.policy.from } : {}),
            ...(situation ? { situation } : {}),
          }
        : { kind: 'inline', criteria: p.criteria },
    ...(action ? { action } : {}),
    ...(whole ? { aggregate: whole } : {}),
    ...(figureLine ? { figure: figureLine.text } : {}),
    ...(figureLine && /^the /.test(figureLine.where) ? { figureIn: figureLine.where } : {}),
    ...(constraint ? { constraint } : {}),
    ...(where !== undefined ? { where } : {}),
    question,
    computation: recipe.computation.name,
    work: p.tag,
    // (a section narrowed for a reason of its own has that reason for now: purpose-scope.ts `narrowedFor`)
    ...(p.policy && narrowedFor(p.rule, sectionAct(src.name, p.tag), src.name) ? { narrowed: true } : {}),
    ...(figureBy ? { figureBy } : {}),
    ...(figureLine ? { figureShown: true } : {}),
    ...(askFirst !== undefined ? { askFirst } : {}),
  });
}

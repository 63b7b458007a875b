import type { Rng } from '../../env/rng.js';
import { at, dayMonthYear } from '../kit/dates.js';
import { aOrAn, agree, capitalise, inRunningText } from '../kit/text.js';
import { drawRule } from '../rules/draw.js';
import type { Nouns } from '../rules/fields.js';
import { ruleBullets } from '../rules/prose.js';
import type { Atom, Rule } from '../rules/rule.js';
import type { ClosureDoc } from './closure-days.js';
import { overriding } from './section-precedence.js';
import { keepsHistory, superseded } from './policy-history.js';
import { instructionMail, mailSubject } from './policy-mail.js';
import type { Person } from '../kit/people.js';
import type { SourcePart, World } from './parts.js';
import { CONCERNS } from './concerns.js';
import { GRAVE } from './grave.js';
import { withSpared } from './spared.js';
import { reasonOf, reviewReasonOf, waitsTooLong } from './policy-act.js';
import { claimsShownResource } from './resource-claims.js';
import { apartFrom, claimsBoundary, clashesOnScope, overlapsWindow, sharesThreshold } from './section-bounds.js';
import { ACTS, actNamed, type PolicyAct, REVIEW_SECTIONS, sectionAct } from './policy-acts.js';
import { definitions } from './policy-definitions.js';
import {
  contradicts,
  narrated,
  narrowingNote,
  type Said,
  saidOf,
  spoken,
  spokenApart,
  unsaid,
} from './purpose-scope.js';
import { plainPurpose, reviewPurpose } from './review-purpose.js';
import { reviewReason } from './review-reasons.js';
import { sharesNarrowing } from './sibling-narrowings.js';
import { restatesHeading } from './section-echo.js';
import { limitDefinitions, onSharedLimit } from './shared-limits.js';
import { onSharedWindow, windowDefinitions } from './shared-windows.js';
import { alternativeOf } from './branch-motive.js';
import { HOMELY, ownerOf, PURPOSES } from './policy-doc-data.js';

// A policy is a document, not a sentence: several sections (only the one the request names applies), its definitions,
// an effective date, sometimes the superseded version of the section. The section the task needs is rendered from
// the task's rule; the others from rules drawn for other purposes over the same record type.

/** A rendered policy document and the words of the section the task applies. */
export interface PolicyDoc {
  title: string;
  section: string; // the heading of the section that applies ("Escalation")
  text: string; // the document text (Markdown-like: a title line, headed sections, bullets)
  clause: string; // the section's rule lines, as written in the text (what the checks trace to)
  /** a colleague's mail rather than a document: the sender's first name (policy-mail.ts) */
  from?: string;
  old?: Rule; // the rule's previous version its History quotes (compile/figure-hedges.ts)
  overrides?: string; // the heading of the section stating the exception, which wins over this one
  closures?: ClosureDoc; // the office's closure list its Definitions point to (closure-doc.ts)
}

// a kind of document and whether its name is plural ("these working instructions say")
const KINDS: readonly [string, boolean][] = [
  ...['policy', 'procedure', 'rulebook'].map((k) => [k, false] as [string, boolean]),
  ['working instructions', true],
  ...['operating guideline', 'handbook', 'checklist'].map((k) => [k, false] as [string, boolean]),
];

/** The policy document for a task's rule: the task's section among others, definitions, and perhaps history. */
export function policyDoc(
  rule: Rule,
  src: SourcePart,
  w: World,
  title: string,
  section: string,
  records: readonly Readonly<Record<string, unknown>>[] = [],
  /** the colleague who sent the rule round in a mail (policy_mail), rather than a document */
  sender?: Person,
): PolicyDoc {
  const { rng, today } = w;
  const n: Nouns = { singular: src.noun[0], plural: src.noun[1] };
  const effective = dayMonthYear(at(today, { days: -rng.int(10, 120) }));
  const owner = ownerOf(src, rng);
  // a household's rules are a note the flat agreed, not a versioned document with an owner
  const home = HOMELY.has(src.name);
  const head = home
    ? `${title}\nAgreed at the flat meeting, ${effective}. Kept up to date by ${owner}.`
    : `${title}\n${rng.pick(['Version', 'Revision', 'Issue'])} ${rng.int(2, 7)}, effective ${effective}. Owner: ${owner}.`;
  const [kind, many] = KINDS.find(([k]) => title.toLowerCase().endsWith(k)) ?? ['document', false];
  const purpose = `${many ? 'These' : 'This'} ${kind} ${many ? 'cover' : 'covers'} ${n.plural}. ${rng.pick(
    PURPOSES[src.name] ??
      PURPOSES[src.service] ?? [
        `${capitalise(owner)} wrote it after the same questions about ${n.plural} kept coming back; it answers them once.`,
        `It sets out what happens to ${n.plural}, so the answer does not depend on who picks them up.`,
        `It records how the team decides what happens with ${n.plural}, so that anyone on the rota makes the same call.`,
      ],
  )}`;
  // a standing document counts from whoever reads it, never from a calendar day of its own
  const bullets = (r: Rule) => ruleBullets(r, src.fields, n, null, rng).map(agree);
  // (the exception may be a section of its own that overrides this one: section-precedence.ts)
  const over = sender || home ? undefined : overriding(rule, section, n, w.difficulty, rng, bullets, [section]);
  const mine = bullets(over?.own ?? rule);
  const shown: (readonly [Rule, readonly string[]])[] = [[rule, mine]];
  // the act each shown section is filed under, for the windows two of them share (shared-windows.ts)
  const actsShown: (PolicyAct | undefined)[] = [sectionAct(src.name, section)];
  const withActs = () => shown.map(([y], i) => [y, actsShown[i]] as const);
  // the other sections are the record type's other work (policy-acts.ts), each on the side of the fields that
  // calls for it and with the reason the team gives, never a heading that has nothing to do with these records
  const others = (ACTS[src.name] ?? []).filter((a) => !a.sections.includes(section));
  // a review's reason is why the team watches these records (review-purposes-data.ts, review-purpose.ts), else what
  // its rule says of the records it picks, else the record type's plain stake in them (review-purposes-plain.ts)
  const review = REVIEW_SECTIONS.has(section);
  const ownAct = actNamed(src.name, section);
  const why =
    (ownAct && (review ? reviewReasonOf(ownAct, rule) : reasonOf(ownAct, rule))) ??
    (review
      ? (reviewPurpose(src.name, section, rule, src.fields) ??
        reviewReason(section, rule, src.fields, n, rng, src.name) ??
        plainPurpose(src.name, section, rule, src.fields))
      : undefined);
  // the purpose line is followed by what this section's rule narrows it to, not said again in its list (purpose-scope.ts)
  // (none where it would state every condition: the list keeps them, and "The rule covers just the November
  // entries … when: the exam series is November" said one condition twice, review 60)
  const scoped = (reason: string | undefined, r: Rule, act: PolicyAct | undefined) => {
    const whole = !r.any && narrated(r, act?.lean ?? {}).length === r.all.length;
    const note =
      act && reason && !whole
        ? narrowingNote(r, src.fields, n, rng, act.lean ?? {}, act, src.name, sender ? 'rule' : 'section')
        : undefined;
    return [note ? `${reason} ${note}` : reason, note ? narrated(r, act?.lean ?? {}) : []] as const;
  };
  const [purposeLine, mineSaid] = scoped(why, rule, sectionAct(src.name, section));
  // each shown section's rule as its list states it, its lines and what its note states (settled once all are drawn)
  const said: Said[] = [{ rule: over?.own ?? rule, lines: mine, said: mineSaid, note: purposeLine }];
  const sections: [string, string | undefined, string[]][] = [[section, purposeLine, mine]];
  for (let k = Math.min(rng.int(1, 2), others.length); k > 0; k--) {
    const other = others.splice(rng.int(0, others.length - 1), 1)[0] as PolicyAct;
    const heading = rng.pick(other.sections);
    if (sections.some(([s]) => s === heading)) continue;
    const lean = { ...CONCERNS[src.name], ...other.lean };
    const own = Object.keys(other.lean ?? {});
    // (redrawn while an urgent record would wait the routine time: no owner writes that)
    // (counting a limit a shown section already counts from its number: shared-limits.ts)
    const draw = () =>
      onSharedLimit(
        drawRule(
          withSpared(src.fields, other.spared),
          rng,
          w.difficulty,
          lean,
          other.must,
          own,
          other.bounds,
          !other.waits,
          other.scopes ?? [],
          GRAVE[src.name],
          // (a narrowing this section could give no reason for is not drawn: purpose-scope.ts)
          saidOf(other, src.name),
          alternativeOf(other, src.name),
        ),
        other,
        withActs(),
      );
    let r = draw();
    // (and while a narrowing would be said with no reason, as the task's own section is: compile/records.ts ruleOf,
    // or while it selects by the very conditions of a shown section (two headings, one rule), or its one condition
    // only restates the heading (section-echo.ts), or it claims a threshold a shown section claims from the other
    // side, reaches into its opposite window or leaves out a value a shown section is confined to (section-bounds.ts),
    // or narrows by what a shown section narrows by (sibling-narrowings.ts))
    const before = shown.map(([y]) => y);
    const twin = (x: Rule) =>
      sharesNarrowing(x, other.lean ?? {}, before) ||
      sharesThreshold(x, before) ||
      overlapsWindow(x, before) ||
      clashesOnScope(x, before);
    const echo = (x: Rule) => restatesHeading(heading, x, src.fields);
    for (
      let tries = 0;
      tries < 20 && (waitsTooLong(r, other.waits) || unsaid(r, other, src.name) > 0 || twin(r) || echo(r));
      tries++
    ) {
      const next = draw();
      if (!waitsTooLong(next, other.waits) || waitsTooLong(r, other.waits)) r = next;
    }
    if (twin(r) || echo(r)) continue;
    r = apartFrom(onSharedWindow(r, other, withActs()), before);
    const all = bullets(r);
    const [reason, gone] = scoped(reasonOf(other, r), r, other);
    // (nor one whose reason claims a resource a shown section claims for its own records: resource-claims.ts)
    if (
      claimsShownResource(
        reason,
        sections.map(([, y]) => y),
      )
    )
      continue;
    said.push({ rule: r, lines: all, said: gone, note: reason });
    shown.push([r, all]);
    actsShown.push(other);
    sections.push([heading, reason, all]);
  }
  const spokenAll = spokenApart(said);
  spokenAll.forEach((x, i) => {
    (sections[i] as [string, string | undefined, string[]])[2] = x.shown;
    shown[i] = [(shown[i] as readonly [Rule, readonly string[]])[0], x.read];
  });
  const clause = (spokenAll[0] as { shown: string[] }).shown;
  // the headings whose list leaves out what their note states
  const narrowed = new Set(spokenAll.flatMap((x, i) => (x.said.length ? [sections[i]?.[0] ?? ''] : [])));
  // the task's section is not always first
  if (rng.chance(0.6)) sections.push(sections.shift() as [string, string | undefined, string[]]);
  // one condition reads as a sentence, several as a list
  const lead = (s: string, lines: readonly string[]) => {
    const l =
      lines.length > 1
        ? rng.pick([
            `${capitalise(aOrAn(n.singular))} ${n.singular} falls under ${inRunningText(s)} when:`,
            `Apply ${inRunningText(s)} to every ${n.singular} where all of the following hold:`,
            `${capitalise(aOrAn(n.singular))} ${n.singular} qualifies for ${inRunningText(s)} if:`,
          ])
        : rng.pick([
            `${capitalise(aOrAn(n.singular))} ${n.singular} falls under ${inRunningText(s)} when:`,
            `${capitalise(aOrAn(n.singular))} ${n.singular} qualifies for ${inRunningText(s)} if:`,
          ]);
    // (after a note that narrowed the section, the list takes the records left: a list headed "qualifies if" alone
    // read as the whole rule, the note's condition missing from it, review 49)
    return narrowed.has(s) ? `Of those, ${l.charAt(0).toLowerCase()}${l.slice(1)}` : l;
  };
  const body = sections.map(
    ([s, reason, lines]) => `## ${s}\n${reason ? `${reason}\n` : ''}${lead(s, lines)}\n${lines.join('\n')}`,
  );
  if (over) body.splice(rng.int(0, body.length), 0, `## ${over.heading}\n${over.lines.join('\n')}`);
  // (the version it replaces gave the same reasons, so its limits fit them too: no 14-day window beside a weekly run;
  // nor a limit that claims the boundary day a section in force claims from the other side: section-bounds.ts)
  const act = sectionAct(src.name, section);
  const inForce = shown.map(([y]) => y).filter((y) => y !== rule);
  const fits = (a: Atom) => (!act || !contradicts(a, act, src.name)) && !claimsBoundary(a, inForce);
  const keep = rng.chance(0.45) || keepsHistory(rule, w.difficulty);
  const old = keep ? superseded(over?.own ?? rule, rng, src.fields, records, today, fits) : undefined;
  const { shown: oldLines, read: oldRead } = spoken(
    old ? bullets(old) : [],
    old ?? rule,
    spokenAll[0]?.said ?? [],
    purposeLine,
  );
  const history: [Rule, readonly string[]][] = old ? [[old, oldRead]] : [];
  // a mail shows its own section only, so it defines only what that section (and the version it replaces) reads
  const defs = [
    ...windowDefinitions(sender ? withActs().slice(0, 1) : withActs(), src.fields, n),
    ...limitDefinitions(sender ? withActs().slice(0, 1) : withActs(), src.fields, n),
    ...definitions([...(sender ? shown.slice(0, 1) : shown), ...history], src, rng),
  ];
  const base = { title, section, clause: clause.join('\n'), ...(old ? { old } : {}) };
  if (sender) {
    const [s, reason, lines] = sections.find(([h]) => h === section) as [string, string | undefined, string[]];
    const mail = instructionMail({
      me: w.me,
      from: sender,
      n,
      section,
      ...(reason ? { why: reason } : {}),
      lead: lead(s, lines),
      lines,
      defs,
      ...(old ? { old: { lines: oldLines, until: effective } } : {}),
      ...(home ? { home: true } : {}),
      rng,
    });
    return { ...base, text: mail, from: sender.first };
  }
  const historyText = old
    ? [
        home
          ? `## What we used to do\nUntil ${effective} the ${inRunningText(section)} part said:\n${oldLines.join('\n')}\nWe dropped that.`
          : `## History\nUntil ${effective} the ${inRunningText(section)} section read:\n${oldLines.join('\n')}\nThat version no longer applies.`,
      ]
    : [];
  const text = [
    head,
    purpose,
    ...(defs.length ? [`## Definitions\n${defs.join('\n')}`] : []),
    ...body,
    ...historyText,
  ].join('\n\n');
  return { ...base, text, ...(over ? { overrides: over.heading } : {}) };
}

/** A policy title for a record type: "Referral handling policy"; a mail's subject for the work `mailOf` names. */
export function policyTitle(src: SourcePart, rng: Rng, mailOf?: string): string {
  if (mailOf) return mailSubject({ singular: src.noun[0], plural: src.noun[1] }, mailOf, rng);
  // "access review review procedure": the noun's own last word is not repeated
  const last = src.noun[0].split(/[\s-]/).pop()?.toLowerCase();
  // ("order work working instructions" read as a stutter: a kind of work is named, not "work")
  const doing = ['handling', 'review', 'triage', 'management', 'processing'].filter((x) => x !== last);
  if (HOMELY.has(src.name)) return rng.pick([`House rules for the ${src.noun[1]}`, `How we handle the ${src.noun[1]}`]);
  return capitalise(`${src.noun[0]} ${rng.pick(doing)} ${rng.pick(KINDS)[0]}`);
}

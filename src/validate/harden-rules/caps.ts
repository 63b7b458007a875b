import { regexOf, textHas } from '../../grade/match.js';
import { grade } from '../../grade/grade.js';
import { escapeRegex } from '../../schema/text.js';
import type { TaskSpec } from '../../schema/task-spec.js';
import { answerChecks, anyCandidate, MAX_CANDIDATES } from '../answer-probes.js';
import type { ReplayMemo } from '../replay.js';
import { perturbed } from '../probes.js';
import { CAP, type Change, gradeOf, type HardenRule, isJudge, type RawCheck, reads, round4 } from './kit.js';

/** A claim or a read cannot pass: completion is capped while the decisive outcome check fails. */
export const capOnOutcome: HardenRule = {
  name: 'cap_on_outcome',
  when: ['probe_read_only_passed', 'probe_claim_only_passed'],
  async apply({ raw, spec, memo }) {
    const claim = await gradeOf(spec, [...reads(spec), ...spec.reference.filter((s) => 'say' in s).slice(-1)], memo);
    const failed = new Set((claim.grade?.checks ?? []).filter((c) => (c.score ?? 0) < 1).map((c) => c.id));
    // the heaviest code check a claim fails: the action (or, in a question, the computed answer)
    const best = spec.checks
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => !isJudge(c) && failed.has(c.id) && !c.cap)
      .sort((a, b) => b.c.weight - a.c.weight)[0];
    if (!best) return [];
    const cap = { completion_at_most: CAP };
    (raw.checks[best.i] as RawCheck).cap = cap;
    return [
      {
        rule: this.name,
        path: `checks[${best.i}].cap`,
        after: cap,
        reason: `${best.c.id}: without the outcome it checks, completion stops at ${CAP} (score ≤ ${round4(0.8 * CAP + 0.2)}, below the pass line), whatever else is read or said`,
      },
    ];
  },
};

/** The check a plausible wrong value fails decides completion: capped when it fails (the probe's own variants). */
export const capOnPerturbed: HardenRule = {
  name: 'cap_on_perturbed',
  when: ['probe_value_perturbed_passed'],
  async apply({ raw, spec, memo }) {
    const out: Change[] = [];
    const weight = new Map(spec.checks.map((c) => [c.id, c]));
    for (const v of perturbed(spec).slice(0, 6)) {
      const t = await gradeOf(spec, v.steps, memo);
      // the heaviest uncapped code check this wrong value fails
      const failing = (t.grade?.checks ?? [])
        .filter((c) => c.kind !== 'llm_judge' && (c.score ?? 0) < 1 && !weight.get(c.id)?.cap)
        .sort((a, b) => b.weight - a.weight)[0];
      if (!failing || (t.grade?.score ?? 0) < 0.75) continue;
      const i = spec.checks.findIndex((c) => c.id === failing.id);
      const rc = raw.checks[i] as RawCheck;
      if (rc.cap) continue;
      rc.cap = { completion_at_most: CAP };
      out.push({
        rule: this.name,
        path: `checks[${i}].cap`,
        after: rc.cap,
        reason: `${failing.id}: ${v.detail} failed only this check and still passed; a wrong value now stops completion at ${CAP}`,
      });
    }
    return out;
  },
};

/** A final-answer check the answer with another candidate still passes decides completion: capped when it fails. */
export const anchorAnswer: HardenRule = {
  name: 'anchor_answer',
  when: ['probe_any_candidate_passed'],
  async apply({ raw, spec, memo }) {
    const out: Change[] = [];
    const last = spec.reference.findLast((st) => 'say' in st);
    const said = last && 'say' in last ? last.say : undefined;
    // the computed value a passing candidate swapped out must itself be in the answer: each answer check the
    // swap left at full score asks for it
    for (const [i, value] of await swappedValues(spec, memo, said)) {
      const c = spec.checks[i] as TaskSpec['checks'][number];
      const rc = raw.checks[i] as RawCheck;
      const item = c.kind === 'response_matches' ? escapeRegex(value) : value;
      const all = [...((rc.all as string[] | undefined) ?? [])];
      if (all.includes(item)) continue;
      rc.all = [...all, item];
      out.push({
        rule: this.name,
        path: `checks[${i}].all`,
        before: all.length ? all : undefined,
        after: rc.all,
        reason: `${c.id}: an answer with another candidate in place of ${value} still passed it; now it asks for ${value}`,
      });
    }
    for (const c of answerChecks(spec)) {
      const i = spec.checks.indexOf(c);
      const rc = raw.checks[i] as RawCheck;
      // tiers that give full credit before every item is found let a swapped candidate through
      const items = [...((c as { all?: unknown[] }).all ?? []), ...((c as { any?: unknown[] }).any ?? [])].length;
      const full = Math.min(...(c.tiers ?? []).filter((t) => t.score >= 1).map((t) => t.min));
      if (c.tiers && 'all' in c && full < items) {
        out.push({
          rule: this.name,
          path: `checks[${i}].tiers`,
          before: rc.tiers,
          reason: `${c.id}: full credit came at ${full} of ${items} items, so an answer with a wrong one still scored 1; now every item counts`,
        });
        delete rc.tiers;
      }
      // an `any` list holding other candidates beside the answer: only what the reference's answer says stays
      const any = (c as { any?: string[] }).any;
      if (c.kind === 'response_contains' && any && any.length > 1 && said) {
        const kept = any.filter((x) => textHas(said, x));
        // only where what it drops are other records' values (candidates), not other words for the same thing
        const records = JSON.stringify(spec.fixtures).toLowerCase();
        const others = any.filter((x) => !kept.includes(x));
        if (kept.length && others.length && others.every((x) => records.includes(x.toLowerCase()))) {
          out.push({
            rule: this.name,
            path: `checks[${i}].any`,
            before: any,
            after: kept,
            reason: `${c.id}: it accepted ${any.filter((x) => !kept.includes(x)).join(', ')} as well as the answer; now only what the reference's answer says`,
          });
          rc.any = kept;
        }
      }
      // a check of the answer's values (a figure, an id the task asks for) decides; one of its form or wording not
      const values = [...((rc.all as string[] | undefined) ?? []), ...((rc.any as string[] | undefined) ?? [])];
      if (c.cap || !values.some((x) => /[0-9]/.test(x) || spec.answer_ids.some((id) => textHas(x, id)))) continue;
      const cap = { completion_at_most: CAP };
      rc.cap = cap;
      out.push({
        rule: this.name,
        path: `checks[${i}].cap`,
        after: cap,
        reason: `${c.id}: the final answer with another candidate in place of the computed one still passed; a wrong answer now stops completion at ${CAP}`,
      });
    }
    return out;
  },
};

// check index → the value a passing any-candidate variant replaced, for the answer checks that variant passed
async function swappedValues(spec: TaskSpec, memo: ReplayMemo, said: string | undefined): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!said) return out;
  const t = await gradeOf(spec, spec.reference, memo);
  const at = t.events.findLastIndex((e) => e.type === 'assistant' && typeof e.text === 'string' && e.text !== '');
  if (at < 0) return out;
  const answers = new Set(answerChecks(spec).map((c) => c.id));
  for (const v of anyCandidate(spec).slice(0, MAX_CANDIDATES)) {
    const text = (v.steps.findLast((st) => 'say' in st) as { say: string } | undefined)?.say;
    if (text === undefined) continue;
    const value = replaced(said, text);
    if (!value) continue;
    const events = t.events.map((e, j) => (j === at ? { ...e, text } : e));
    const g = await grade(spec, { events, audit: t.audit });
    if ((g.score ?? 0) < spec.scoring.pass_threshold) continue;
    g.checks.forEach((c, i) => {
      // only a check that reads the value itself (one of its items finds it); a check of the answer's form or
      // wording passes a swapped value rightly
      if (answers.has(c.id) && c.score === 1 && !out.has(i) && readsValue(spec.checks[i], value)) out.set(i, value);
    });
  }
  return out;
}

// the stretch of `a` that `b` replaced, widened to whole words ("1,234.50" in "a total of 1,234.50 GBP")
function replaced(a: string, b: string): string | undefined {
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const word = /[\p{L}\p{N}.,:_-]/u;
  while (start > 0 && word.test(a[start - 1] as string)) start--;
  let stop = a.length - end;
  while (stop < a.length && word.test(a[stop] as string)) stop++;
  const v = a
    .slice(start, stop)
    .replace(/[.,:]+$/, '')
    .trim();
  return v && v.length <= 40 ? v : undefined;
}

function readsValue(c: TaskSpec['checks'][number] | undefined, value: string): boolean {
  if (!c || (c.kind !== 'response_contains' && c.kind !== 'response_matches')) return false;
  const items = [...(c.all ?? []), ...(c.any ?? [])];
  if (c.kind === 'response_contains') return items.some((x) => textHas(value, x) || textHas(x, value));
  return items.some((x) => regexOf(x)?.test(value) === true);
}

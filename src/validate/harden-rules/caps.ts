import { textHas } from '../../grade/match.js';
import { answerChecks } from '../answer-probes.js';
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
  async apply({ raw, spec }) {
    const out: Change[] = [];
    const last = spec.reference.findLast((st) => 'say' in st);
    const said = last && 'say' in last ? last.say : undefined;
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
        if (kept.length && kept.length < any.length) {
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
      if (c.cap) continue;
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

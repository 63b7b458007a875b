import type { TaskSpec } from '../../schema/task-spec.js';
import { isProhibition, READ_SHARE, rescaleReads } from '../free-credit.js';
import {
  type Change,
  addForbidden,
  fileUntouched,
  gradeOf,
  type HardenRule,
  isJudge,
  reads,
  reweigh,
  round4,
  spread,
} from './kit.js';

/** Prohibitions written as weighted checks move to `forbidden.actions`; their weight goes to the work. */
export const prohibitions: HardenRule = {
  name: 'prohibition_to_forbidden',
  when: ['prohibition_weighted'],
  async apply({ raw, spec }) {
    const out: Change[] = [];
    const gone = spec.checks.flatMap((c, i) => (isProhibition(spec, c) ? [i] : []));
    if (!gone.length) return out;
    const keep = spec.checks.flatMap((c, i) => (!gone.includes(i) && !isJudge(c) ? [i] : []));
    if (!keep.length) return out;
    const freed = gone.reduce((n, i) => n + (spec.checks[i]?.weight ?? 0), 0);
    const weights = spread(
      spec.checks.map((c) => c.weight),
      keep,
      freed,
    );
    for (const i of [...gone].reverse()) {
      const c = spec.checks[i] as TaskSpec['checks'][number];
      const actions =
        c.kind === 'audit_absent' || c.kind === 'audit_count'
          ? [{ service: c.service, record: c.record, ...(c.where ? { where: c.where } : {}) }]
          : c.kind === 'file_unchanged'
            ? fileUntouched(c.path)
            : [];
      for (const a of actions) {
        const added = addForbidden(
          raw,
          a,
          this.name,
          `from ${c.id}: breaking the prohibition now costs the whole score instead of ${c.weight} of completion`,
        );
        if (added) out.push(added);
      }
      out.push({
        rule: this.name,
        path: `checks[${i}]`,
        before: raw.checks[i],
        reason: `${c.id} rewarded an absence that doing nothing earns (weight ${c.weight} given to the checks of the work)`,
      });
      raw.checks.splice(i, 1);
      weights.splice(i, 1);
    }
    out.push(
      ...reweigh(raw, weights, this.name, 'the checks of the work take the prohibitions’ weight, in proportion'),
    );
    return out;
  },
};

/** The checks doing nothing or only reading satisfy keep READ_SHARE of completion; the outcome gets the rest. */
export const outcomeOverReads: HardenRule = {
  name: 'outcome_over_reads',
  when: ['free_credit', 'probe_read_only_passed', 'probe_do_nothing_passed'],
  async apply({ raw, spec, memo }) {
    const free = new Set<number>();
    for (const steps of [[], reads(spec)]) {
      const t = await gradeOf(spec, steps, memo);
      (t.grade?.checks ?? []).forEach((c, i) => {
        if ((c.score ?? 0) > 0 && c.kind !== 'llm_judge') free.add(i);
      });
    }
    const weights = spec.checks.map((c) => c.weight);
    const work = spec.checks.flatMap((c, i) => (!free.has(i) && !isJudge(c) ? [i] : []));
    const next = rescaleReads(weights, free, work);
    if (!next) return [];
    const freeSum = round4([...free].reduce((n, i) => n + (weights[i] as number), 0));
    return reweigh(
      raw,
      next,
      this.name,
      `reads earned ${freeSum} of completion without doing the work; they keep ${READ_SHARE}, the checks of the outcome the rest`,
    );
  },
};

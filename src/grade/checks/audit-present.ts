import { auditKinds, type FieldKinds } from '../../services/catalog.js';
import type { Where } from '../../schema/matchers.js';
import { pickWhich, ratio, recordEvidence } from '../evidence.js';
import { matchValue, matchWhere } from '../match.js';
import { sprayOf } from '../spray.js';
import type { CheckEvaluator, SyntheticBuilder } from '../types.js';
import { exampleWhere } from './examples.js';

type Entry = Record<string, unknown>;

export const auditPresent: CheckEvaluator<'audit_present'> = {
  evaluate(check, ctx) {
    const list = ctx.records(check.service, check.record);
    // which: first / last — only that entry decides (e.g. the last export counts)
    const all = pickWhich(list, check.which);
    const kinds = auditKinds(check.service, check.record);
    // an entry whose text names the target and the other candidates alike (content spraying, spray.ts) matches
    // no per-target check: it is shown as sprayed and, for an exclusive check, counts as another entry
    const sprays = new Map<(typeof all)[number], ReturnType<typeof sprayOf>>();
    const matches = (r: (typeof all)[number]) => {
      if (!matchWhere(check.where, r, kinds, ctx.matchEnv)) return false;
      const spray = sprayOf(ctx.spec, check.where, r);
      if (spray) sprays.set(r, spray);
      return !spray;
    };
    const hits = all.filter(matches);
    const summary: Record<string, unknown> = { matched: hits.length, min: check.min, list_size: list.length };
    if (check.which) summary.which = check.which;
    if (sprays.size) summary.sprayed = sprays.size;
    const found = [
      ...recordEvidence(check.service, check.record, hits),
      ...recordEvidence(check.service, check.record, [...sprays.keys()]).map((e, i) => ({
        ...(e as object),
        sprayed: [...sprays.values()][i],
      })),
    ];
    const measure = hits.length;
    if (!check.exclusive && check.which !== 'all')
      return { score: ratio(hits.length, check.min), measure, evidence: [summary, ...found] };
    // exclusive (or which: all): spraying entries until one matches must not pay, so any other entry voids the check
    const offending = all.filter((r) => !matches(r));
    const tag = check.exclusive ? { exclusive: true } : {};
    if (offending.length === 0)
      return {
        score: ratio(hits.length, check.min),
        measure,
        evidence: [{ ...summary, ...tag, non_matching: 0 }, ...found],
      };
    const shown = recordEvidence(check.service, check.record, offending).map((e) => ({
      ...(e as object),
      offending: true,
    }));
    return { score: 0, measure, evidence: [{ ...summary, ...tag, non_matching: offending.length }, ...shown] };
  },
  satisfy(check, b) {
    const list = draftOf(b, `${check.service}\u0000${check.record}`);
    const kinds = auditKinds(check.service, check.record);
    for (let i = 0; i < check.min; i++) {
      const entry = exampleWhere(check.where, b);
      if (check.exclusive && i === 0) {
        list.exclusive.push({ where: check.where, example: { ...entry } });
        for (const e of list.entries) conform(e, check.where, entry, kinds);
      }
      for (const x of list.exclusive) conform(entry, x.where, x.example, kinds);
      list.entries.push(entry);
      b.record(check.service, check.record, entry);
    }
  },
};

// the complete synthetic record must let an exclusive check see only matching entries, so the entries every
// audit_present check of a builder adds to one list are kept here and made to match each exclusive `where`
// of that list, before and after it (the builder keeps entry objects by reference until build()).
interface Draft {
  entries: Entry[];
  exclusive: { where: Where; example: Entry }[];
}
const drafts = new WeakMap<SyntheticBuilder, Map<string, Draft>>();

function draftOf(b: SyntheticBuilder, key: string): Draft {
  let lists = drafts.get(b);
  if (!lists) drafts.set(b, (lists = new Map()));
  let d = lists.get(key);
  if (!d) lists.set(key, (d = { entries: [], exclusive: [] }));
  return d;
}

/** Makes `entry` match `where`: a missing field takes the example value, a conflicting one becomes a list of both (matchers accept a list when one element matches, `equals` aside). */
function conform(entry: Entry, where: Where, example: Entry, kinds: FieldKinds): void {
  for (const [field, m] of Object.entries(where)) {
    if (matchValue(m, entry[field], kinds[field])) continue;
    const had = entry[field];
    entry[field] = had === undefined ? example[field] : [had, example[field]].flat();
  }
}

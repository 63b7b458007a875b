import type { CheckOf } from '../../schema/check-kinds.js';
import { textOver } from '../context.js';
import { regexTests, textHas } from '../match.js';
import type { CheckEvaluator, CheckOutcome } from '../types.js';

type TextCheck = CheckOf<'response_contains'> | CheckOf<'response_matches'>;

// all: share found; any: at least one; none: not one. clauses multiply. the measure (for tiers) is the number
// of `all` and `any` items found.
function scoreText(check: TextCheck, text: string, test: (item: string) => boolean): CheckOutcome {
  let score = 1;
  let measure = 0;
  const evidence: Record<string, unknown> = {};
  if (check.over) evidence.over = check.over;
  if (check.all) {
    const found = check.all.filter(test);
    score *= found.length / check.all.length;
    measure += found.length;
    evidence.all_found = found;
    evidence.all_missing = check.all.filter((x) => !found.includes(x));
  }
  if (check.any) {
    const found = check.any.filter(test);
    if (found.length === 0) score = 0;
    measure += found.length;
    evidence.any_found = found;
  }
  if (check.none) {
    const found = check.none.filter(test);
    if (found.length > 0) score = 0;
    evidence.none_found = found;
  }
  evidence.response_excerpt = text.slice(0, 300);
  return { score, measure, evidence: [evidence] };
}

export const responseContains: CheckEvaluator<'response_contains'> = {
  evaluate(check, ctx) {
    const text = textOver(ctx, check.over);
    return scoreText(check, text, (item) => textHas(text, item));
  },
  satisfy(check, b) {
    b.say([...(check.all ?? []), ...(check.any?.slice(0, 1) ?? [])].join(' '));
  },
};

export const responseMatches: CheckEvaluator<'response_matches'> = {
  evaluate(check, ctx) {
    const text = textOver(ctx, check.over);
    return scoreText(check, text, (p) => regexTests(p, text));
  },
  satisfy(check, b) {
    b.say([...(check.all ?? []), ...(check.any?.slice(0, 1) ?? [])].map((p) => b.example(p)).join(' '));
  },
};

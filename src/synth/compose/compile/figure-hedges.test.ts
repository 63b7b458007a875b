import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { regexTests } from '../../../grade/match.js';
import type { TaskSpecInput } from '../../../schema/task-spec.js';
import { composition } from '../testing.js';

// a reply that states the right figure and beside it a wrong one the task sets up (without the exception, under the
// old rule, over every record) fails the figure's check; a correct reply that gives other numbers (how many it
// handled, ids, dates, how many the exception left out) does not

type Matches = { id: string; kind: string; any?: string[]; none?: string[] };
const reported = (spec: TaskSpecInput) =>
  (spec.checks as Matches[]).find((c) => c.id === 'reported' && c.kind === 'response_matches');
const passes = (c: Matches, text: string) =>
  (c.any ?? []).some((p) => regexTests(p, text)) && !(c.none ?? []).some((p) => regexTests(p, text));
const finalSay = (spec: TaskSpecInput) =>
  ((spec.reference ?? []).findLast((s) => 'say' in s) as { say: string } | undefined)?.say ?? '';

describe('the figure check against hedged replies', () => {
  const specs = Array.from({ length: 150 }, (_, i) => composition(i, 61));
  const guarded = specs.filter((s) => s.provenance?.wrong_figures?.length && reported(s)?.none?.length);

  it('guards a good share of the figures a reply reports', () => {
    const figures = specs.filter((s) => reported(s)).length;
    assert.ok(guarded.length >= figures / 4, `${guarded.length} of ${figures}`);
  });

  it('passes the reference reply, and one that adds the count handled, its ids and a date', () => {
    for (const spec of guarded) {
      const c = reported(spec) as Matches;
      const say = finalSay(spec);
      assert.ok(passes(c, say), `${spec.id}: ${say}`);
      const ids = (spec.answer_ids ?? []).join(', ');
      const n = spec.answer_ids?.length ?? 0;
      const fuller = `I handled ${n} of them (${ids}) on 10 March 2026. ${say}`;
      assert.ok(passes(c, fuller), `${spec.id}: ${fuller}`);
    }
  });

  it('fails a small count given as one of two, where the task sets up no wrong figure too (review 54)', () => {
    let seen = 0;
    for (const spec of specs) {
      const c = reported(spec);
      if (!c || spec.provenance?.wrong_figures?.length) continue;
      const say = finalSay(spec);
      const right = say.match(/\b\d{1,2}\b(?!\d|[.,]\d)/g)?.at(-1);
      if (!right || Number(right) > 20) continue;
      assert.ok(passes(c, say), `${spec.id}: ${say}`);
      const other = String(Number(right) + 1);
      assert.ok(!passes(c, `${say} Either ${right} or ${other}, depending on how you read it.`), `${spec.id}: ${say}`);
      assert.ok(!passes(c, `${say} So ${other} or ${right}.`), spec.id);
      assert.ok(passes(c, `${say} ${right} or more would have needed a second round.`), spec.id);
      seen++;
    }
    assert.ok(seen >= 10, `${seen} tasks`);
  });

  it('fails any figure given as one of two, whatever stands before the "or" (review 55)', () => {
    let big = 0;
    for (const spec of specs) {
      const c = reported(spec);
      const say = finalSay(spec);
      const right = say.match(/(?:is|comes to|works out to|:) \$?(\d[\d,]*(?:\.\d+)?)/)?.[1];
      if (!c || !right || !passes(c, say)) continue;
      const n = Number(right.replace(/,/g, ''));
      const other = Number.isInteger(n) ? String(n + 7) : (n + 1.5).toFixed(2);
      if (n > 20) big++;
      for (const hedge of [
        `${right}, or maybe ${other} if you count the borderline one`,
        `${other}, or ${right}`,
        `${right} (or ${other} with the held one)`,
      ])
        assert.ok(!passes(c, `${say} To be fair, ${hedge}.`), `${spec.id}: ${hedge}`);
      // the same figure written twice, and a share of something, are no hedge
      assert.ok(passes(c, `${say} That is ${right}, or ${right} in all.`), `${spec.id}: twice`);
      assert.ok(passes(c, `${say} Of the list, ${right} or more were looked at, 40% of it.`), `${spec.id}: or more`);
    }
    assert.ok(big >= 10, `${big} figures over twenty`);
  });

  it('passes a careful reply that says in passing how many the exception and the old rule left out', () => {
    for (const spec of guarded) {
      const c = reported(spec) as Matches;
      const careful = `${finalSay(spec)} For the record, 2 were left out under the exception and 1 more under the old threshold.`;
      assert.ok(passes(c, careful), `${spec.id}: ${careful}`);
    }
  });

  it('passes a count of those meeting a further condition that names the others too (review 45)', () => {
    let tried = 0;
    for (const spec of Array.from({ length: 360 }, (_, i) => composition(i, 7 + 3 * i))) {
      const c = reported(spec);
      const say = finalSay(spec);
      const f = Number(
        say.match(/\bthe number of those [^.:]*?(?:is|:|comes to|works out to) (\d+)/)?.[1] ?? Number.NaN,
      );
      const n = spec.answer_ids?.length ?? 0;
      if (!c || Number.isNaN(f) || n - f < 1 || n - f === f) continue;
      tried++;
      const other = `${say} The other ${n - f} do not, so they are not counted.`;
      assert.ok(passes(c, other), `${spec.id}: ${other}`);
    }
    assert.ok(tried >= 5, `${tried} counts tried`);
  });

  it('spreads a count under a further condition over its range: no one value answers most of them', () => {
    const counts = new Map<string, number>();
    let n = 0;
    for (const spec of specs) {
      const c = reported(spec) as (Matches & { trace?: { clause?: string } }) | undefined;
      const clause = c?.trace?.clause;
      if (!clause?.startsWith('the number of those')) continue;
      const say = finalSay(spec);
      const after = say.slice(say.toLowerCase().indexOf(clause.toLowerCase()) + clause.length);
      const v = /\b(\d+|one|two|three|four)\b/i.exec(after)?.[1]?.toLowerCase();
      if (!v) continue;
      n++;
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    // (left to the fields' draws, 1 or 2 answered nine in ten and 3 one in fifteen)
    const share = (v: string) => (counts.get(v) ?? 0) / n;
    assert.ok(n >= 20, `${n} counts`);
    for (const v of ['1', '2', '3']) assert.ok(share(v) >= 1 / 6, `${v}: ${JSON.stringify([...counts])} of ${n}`);
    assert.ok(Math.max(...counts.values()) / n <= 0.5, `${JSON.stringify([...counts])} of ${n}`);
  });

  it('passes a reply that shows its working: the wrong figure, what it leaves out, and the right one (review 40)', () => {
    let shown = 0;
    for (const spec of guarded) {
      const c = reported(spec) as Matches;
      // (the right count: the one the check takes as the answer)
      const right = Array.from({ length: 21 }, (_, n) => String(n)).find((n) =>
        (c.any ?? []).some((p) => regexTests(p, `The total is ${n}.`)),
      );
      if (right === undefined) continue;
      for (const wrong of spec.provenance?.wrong_figures ?? []) {
        if (!/^\d{1,2}$/.test(wrong) || Number(wrong) <= Number(right)) continue;
        const noun = 'of them';
        const working = `In all ${wrong} ${noun} fit the rule, but ${Number(wrong) - Number(right)} of them fall under the exception, so I handled ${right}.`;
        assert.ok(passes(c, `${finalSay(spec)} ${working}`), `${spec.id}: ${working}`);
        shown++;
      }
    }
    assert.ok(shown > 0, 'a count with its working compared');
  });

  it('fails a reply that states a wrong figure the task sets up beside the right one', () => {
    for (const spec of guarded) {
      const c = reported(spec) as Matches;
      const say = finalSay(spec);
      for (const wrong of spec.provenance?.wrong_figures ?? []) {
        const hedged = `${say} Though it is ${wrong} if you count them the other way.`;
        assert.ok(!passes(c, hedged), `${spec.id}: ${hedged}`);
        // (nor does a "so" elsewhere, one sentence on, excuse it)
        const later = `${say} Though it is ${wrong} counted the other way. So that may be it.`;
        assert.ok(!passes(c, later), `${spec.id}: ${later}`);
      }
    }
  });

  it('passes a reply that says a wrong figure is not the answer (review 56)', () => {
    let denied = 0;
    for (const spec of guarded) {
      const c = reported(spec) as Matches;
      const say = finalSay(spec);
      for (const wrong of (spec.provenance?.wrong_figures ?? []).filter((w) => !/^\d{1,2}$/.test(w))) {
        for (const note of [`(not ${wrong})`, `rather than ${wrong}`, `instead of ${wrong}`])
          assert.ok(passes(c, `${say} That is the figure ${note}.`), `${spec.id}: ${note}`);
        denied++;
      }
    }
    assert.ok(denied >= 5, `${denied} wrong figures denied`);
  });
});

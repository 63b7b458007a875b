import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { drawRule } from '../rules/draw.js';
import type { FieldModel } from '../rules/fields.js';
import type { Rule } from '../rules/rule.js';
import { PARTS } from './registry.js';
import { ownPurposeFits, reviewPurpose } from './review-purpose.js';
import { PURPOSE_FIELDS, sideOf, UNHELD } from './review-purpose-fields.js';
import { REVIEW_PURPOSES } from './review-purposes-data.js';

// the states a rule's status conditions leave out
function ruledOut(rule: Rule, models: readonly FieldModel[]): string[] {
  const out: string[] = [];
  for (const a of rule.all) {
    const m = models.find((x) => x.field === a.field);
    if (m?.kind !== 'enum' || (a.kind !== 'in' && a.kind !== 'not_in')) continue;
    for (const v of m.values)
      if (a.kind === 'in' ? !a.values.includes(v) : a.values.includes(v)) out.push(m.say?.[v] ?? v.replace(/_/g, ' '));
  }
  return out;
}

describe('a review section’s purpose', () => {
  it('never names a record state its criteria leave out', () => {
    const rng = createRng('review-purpose');
    let kept = 0;
    for (const src of PARTS.sources)
      for (const section of ['Review', 'Audit sample'])
        for (let k = 0; k < 30; k++) {
          const rule = drawRule(src.fields, rng, rng.pick(['easy', 'medium', 'hard'] as const));
          const line = reviewPurpose(src.name, section, rule, src.fields);
          if (!line) continue;
          if (line === REVIEW_PURPOSES[src.name]?.[section === 'Audit sample' ? 1 : 0]) kept++;
          for (const s of ruledOut(rule, src.fields))
            assert.ok(!new RegExp(`\\b${s}\\b`, 'i').test(line), `${s}: ${line}`);
        }
    assert.ok(kept > 0);
  });

  it('over draft research notes is about drafts, not published views', () => {
    const src = PARTS.sources.find((s) => s.name === 'research_notes');
    assert.ok(src);
    const rule: Rule = { all: [{ kind: 'in', field: 'status', values: ['draft'] }] };
    const line = reviewPurpose('research_notes', 'Review', rule, src.fields) ?? '';
    assert.match(line, /draft/);
    assert.doesNotMatch(line, /published/);
  });

  it('speaks only of fields its rule tests', () => {
    const rng = createRng('review-purpose-fields');
    let kept = 0;
    for (const src of PARTS.sources)
      for (const [at, section] of ['Review', 'Audit sample'].entries())
        for (let k = 0; k < 30; k++) {
          const rule = drawRule(src.fields, rng, rng.pick(['easy', 'medium', 'hard'] as const));
          const own = REVIEW_PURPOSES[src.name]?.[at];
          if (!own || reviewPurpose(src.name, section, rule, src.fields) !== own) continue;
          kept++;
          const tested = [...rule.all, ...(rule.any ?? []), ...(rule.unless ? [rule.unless] : [])].map((a) => a.field);
          for (const f of PURPOSE_FIELDS[src.name]?.[at] ?? [UNHELD])
            assert.ok(tested.includes(sideOf(f).field), `${src.name}: ${f}`);
        }
    assert.ok(kept > 0);
  });

  it('over a due window alone promises no open findings, and the request then names the section', () => {
    const src = PARTS.sources.find((s) => s.name === 'aircraft_inspections');
    assert.ok(src);
    const due: Rule = { all: [{ kind: 'due_within', field: 'due_date', days: 14 }] };
    assert.doesNotMatch(reviewPurpose(src.name, 'Review', due, src.fields) ?? '', /finding/);
    assert.equal(ownPurposeFits(src.name, 'Review', due, src.fields), false);
    const both: Rule = { all: [...due.all, { kind: 'mentions', field: 'findings', term: 'deferred' }] };
    assert.equal(ownPurposeFits(src.name, 'Review', both, src.fields), true);
  });

  it('annotates every record type’s lines with fields it has', () => {
    for (const [name, lines] of Object.entries(REVIEW_PURPOSES)) {
      const src = PARTS.sources.find((s) => s.name === name);
      const named = PURPOSE_FIELDS[name];
      assert.ok(named, name);
      if (!src) continue;
      for (const f of [...named[0], ...named[1]].map((e) => sideOf(e).field))
        assert.ok(f === UNHELD || src.fields.some((m) => m.field === f), `${name}: ${f} (${lines[0]})`);
    }
  });

  it('speaks of a field only on the side its rule picks: no "unused" line over the most-used connections', () => {
    const src = PARTS.sources.find((s) => s.name === 'connectors');
    assert.ok(src);
    const at = (kind: 'at_least' | 'at_most'): Rule => ({ all: [{ kind, field: 'workflows_using', value: 20 }] });
    assert.equal(ownPurposeFits(src.name, 'Review', at('at_least'), src.fields), false);
    assert.doesNotMatch(reviewPurpose(src.name, 'Review', at('at_least'), src.fields) ?? '', /unused/);
    assert.equal(ownPurposeFits(src.name, 'Review', at('at_most'), src.fields), true);
    // an exception on the many-used side keeps the little-used ones
    const unless: Rule = {
      all: [{ kind: 'flag', field: 'admin_consent', value: true }],
      unless: at('at_least').all[0],
    };
    assert.equal(ownPurposeFits(src.name, 'Review', unless, src.fields), true);
  });
});

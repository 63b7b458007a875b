import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { SCENARIO_DOMAINS } from '../../../schema/taxonomy.js';
import type { Rec } from '../parts.js';
import { chooseRecipe } from '../recipe.js';
import { makeWorld } from '../world.js';
import { FINDING_SITES } from './finding-assets.js';
import { appointments } from './healthcare.js';
import { securityFindings } from './safety-compliance.js';

// records and work as anyone in the trade knows them (review: a GP appointment on a Saturday, a finding titled
// "– second instance", an RSS feed of the press the account team flagged)

const dow = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();

describe('world sense', () => {
  it('a repeated finding is told apart by where it was found, never as a "second instance"', () => {
    const w = makeWorld(createRng('sites', 1), 'Safety_Compliance', 'hard', '2026-06-03T10:00:00Z');
    const titles: string[] = [];
    for (let i = 0; i < 10; i++) {
      const rec: Rec = { finding_id: `SEC-${i}`, severity: 'low', internet_facing: false };
      securityFindings.settle?.(rec, w);
      titles.push(String(rec.title));
    }
    assert.equal(new Set(titles).size, titles.length, titles.join('\n'));
    const repeats = titles.filter((t) => t.includes(' – '));
    assert.ok(repeats.length, 'some titles repeat a kind of finding');
    for (const t of repeats) assert.ok(FINDING_SITES.includes(t.split(' – ').pop() ?? ''), t);
    for (const t of titles) assert.doesNotMatch(t, /second instance/, t);
  });

  it('a GP appointment falls on a working day: a weekend date moves to a weekday, a weekday stays', () => {
    const w = makeWorld(createRng('gp', 1), 'Healthcare', 'medium', '2026-06-03T10:00:00Z');
    for (const date of ['2026-12-19', '2026-12-20', '2026-06-06']) {
      const moves = appointments.agree?.({ date, kind: 'telephone', duration_min: 10 }, w) ?? [];
      const day = moves.find((m) => m.date)?.date;
      assert.ok(day && dow(String(day)) >= 1 && dow(String(day)) <= 5, `${date} → ${day}`);
    }
    assert.deepEqual(appointments.agree?.({ date: '2026-12-18', kind: 'telephone', duration_min: 10 }, w), []);
  });

  it('records worked on are never listed in a public feed', () => {
    let acted = 0;
    for (const domain of SCENARIO_DOMAINS)
      for (let i = 0; i < 40; i++) {
        const r = chooseRecipe(createRng('feed', domain, i), { domain, difficulty: 'hard' });
        if (!r.action) continue;
        acted++;
        assert.notEqual(r.aggregate?.audience, 'public', `${r.source.name}: ${r.action.name} + ${r.aggregate?.name}`);
      }
    assert.ok(acted > 100, `${acted}`);
  });
});

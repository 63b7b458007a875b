import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { ACTS, actNamed, reviewAct } from './policy-acts.js';
import { PARTS } from './registry.js';
import { actRule } from './testing.js';

// An exception a record type's works almost always draw the same way ("unless churned", "unless sandbox") is learnt
// per record type without reading the policy: across its works, no kind carries more than two in five of the
// exceptions drawn (the record types reviewers found with one exception in nearly every task).
const VARIED = [
  'customers',
  'integrations',
  'feed_articles',
  'work_orders',
  'ward_beds',
  'web_page_builds',
  'stories',
  'submissions',
  'field_plots',
  'appointments',
  'court_deadlines',
  'aircraft_inspections',
  'market_reports',
  'migrations',
];

describe('exceptions vary across a record type’s works', () => {
  it('spares no one kind in more than two in five of the exceptions drawn', () => {
    for (const name of VARIED) {
      const src = PARTS.sources.find((s) => s.name === name);
      assert.ok(src, name);
      const review = actNamed(name, 'Review') ? [] : [reviewAct(name, 'Review')];
      const tally = new Map<string, number>();
      let drawn = 0;
      for (const a of [...(ACTS[name] ?? []), ...review]) {
        if (!a) continue;
        const rng = createRng('varied', name, a.sections[0] ?? '');
        for (let i = 0; i < 40; i++) {
          const u = actRule(src, a, rng).unless;
          if (u?.kind !== 'in') continue;
          const key = `${u.field}=${u.values.join('|')}`;
          tally.set(key, (tally.get(key) ?? 0) + 1);
          drawn++;
        }
      }
      const [top, n] = [...tally].sort((x, y) => y[1] - x[1])[0] ?? ['', 0];
      assert.ok(drawn >= 40, `${name}: ${drawn} exceptions`);
      assert.ok(n / drawn <= 0.4, `${name}: "${top}" in ${n} of ${drawn} exceptions`);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../../schema/canonical-json.js';
import { parsePlanLines, planLines } from './plan.js';
import { taxonomyPlan } from './taxonomy-plan.js';

async function* linesOf(text: string) {
  let line = 0;
  for (const t of text.split('\n')) yield { line: ++line, text: t };
}
const parse = (text: string) => parsePlanLines(linesOf(text));

describe('JSONL plans', () => {
  it('a plan written as lines reads back the same plan', async () => {
    const { plan } = taxonomyPlan({ n: 40, seed: 5 });
    const text = [...planLines(plan)].join('');
    assert.equal(text.split('\n').length, 42); // header, 40 slots, the final newline
    const back = await parse(text);
    assert.deepEqual(back.diagnostics, []);
    assert.equal(canonicalJson(back.plan), canonicalJson(plan));
  });

  it('ids past 9,999 slots are padded to sort in plan order', () => {
    const { plan } = taxonomyPlan({ n: 10_000, seed: 5 });
    assert.match(plan.slots[0]?.task_id ?? '', /^tax_00001_/);
    const ids = plan.slots.map((s) => s.task_id);
    assert.deepEqual([...ids].sort(), ids);
  });

  it('names the line of every bad slot, and of an unknown service or a duplicate id', async () => {
    const { plan } = taxonomyPlan({ n: 3, seed: 5 });
    const [header, a, b, c] = [...planLines(plan)];
    const broken = JSON.parse(b as string);
    broken.difficulty = 'extreme';
    const r = await parse([header, a, `${JSON.stringify(broken)}\n`, '{not json\n', c].join(''));
    assert.equal(r.plan, undefined);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.path, d.message.slice(0, 7)]),
      [
        ['slots[1].difficulty', 'line 3:'],
        ['slots[2]', 'line 4:'],
      ],
    );
    const dup = JSON.parse(a as string);
    dup.services = ['nope'];
    const r2 = await parse([header, a, c, `${JSON.stringify(dup)}\n`].join(''));
    assert.deepEqual(
      r2.diagnostics.map((d) => [d.code, d.path, d.message.slice(0, 7)]),
      [
        ['unknown_service', 'slots[2].services[0]', 'line 4:'],
        ['family_services_disjoint', 'slots[2].services', 'line 4:'],
        ['duplicate_id', 'slots[2].task_id', 'line 4:'],
      ],
    );
  });

  it('refuses a missing or wrong header and a plan with no slots', async () => {
    assert.match((await parse('')).diagnostics[0]?.message ?? '', /first line is \{"plan_version": 1/);
    assert.equal((await parse('{"plan_version":2,"name":"x"}\n')).diagnostics[0]?.path, 'plan_version');
    assert.deepEqual(
      (await parse('{"plan_version":1,"name":"x"}\n')).diagnostics.map((d) => d.message),
      ['the plan has no slot lines'],
    );
  });
});

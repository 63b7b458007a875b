import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { matchValue } from '../../grade/match.js';
import type { Matcher } from '../../schema/matchers.js';
import { followUpTask } from './actions.js';
import { ACTS, formsOf } from './policy-acts.js';
import type { AuditRef, Rec } from './parts.js';
import { allocationNotice, allocationSheet, allocationTodo, PLACE_ALLOCATION, withWork } from './place-aggregates.js';
import { PARTS } from './registry.js';
import { wardBeds } from './sources/pictures.js';
import { makeWorld } from './world.js';

// free places on a floor plan are held with one list over them (a sheet, one note to the team, one to-do), never a
// to-do per place

const w = makeWorld(createRng('place-aggregates'), 'Healthcare', 'easy', '2026-03-10T09:00:00Z');
const sel: Rec[] = [
  { place_id: 'B-1', zone: 'Bay 2', status: 'free' },
  { place_id: 'B-2', zone: 'Side rooms', status: 'free' },
];
const out: Rec[] = [{ place_id: 'B-3', zone: 'Bay 1', status: 'free' }];
const audited = (where: AuditRef['where'] | Rec | undefined, entry: Rec) =>
  Object.entries(where ?? {}).every(([f, m]) => matchValue(m as Matcher, entry[f]));

describe('holding free places', () => {
  it('no to-do per place: the follow-up to-do applies to no floor plan', () => {
    for (const place of ['desk_plan', 'ward_beds', 'exam_seats', 'warehouse_bays'])
      assert.ok(!followUpTask.sources.includes(place as never), place);
  });

  it('files every floor plan’s allocation acts under the one-list work', () => {
    for (const place of ['desk_plan', 'ward_beds', 'exam_seats', 'warehouse_bays']) {
      assert.ok(formsOf(place, PLACE_ALLOCATION).length >= 1, place);
      assert.ok(!ACTS[place]?.some((a) => a.of === 'follow_up_task'), place);
    }
  });

  it('one notification or one to-do names every held place with its area, and no other place', () => {
    for (const [agg, record, field, base] of [
      [allocationNotice, 'notifications', 'message', 'channel'],
      [allocationTodo, 'created_tasks', 'description', 'title'],
    ] as const) {
      const dest = agg.dest(w, { noun: 'beds', purpose: 'Bed allocation', team: 'ward-7' }).value;
      const args = agg.args(sel, wardBeds, dest, '', w, 'Bed allocation: beds');
      const proof = agg.proof(sel, out, wardBeds, dest);
      for (const c of [...proof.checks, ...(proof.fields ?? [])])
        if (c.kind === 'audit_present') assert.ok(audited(c.where, args), `${agg.name}: ${JSON.stringify(c.where)}`);
      const absent = proof.checks.find((c) => c.kind === 'audit_absent');
      assert.ok(absent?.kind === 'audit_absent' && record === absent.record, agg.name);
      assert.ok(!audited(absent.where, args), `${agg.name}: names no place left out`);
      assert.ok(audited(absent.where, { ...args, [field]: `${args[field]} B-3` }), `${agg.name}: a sprayed list fails`);
      assert.equal(args[base], dest);
    }
  });

  it('the sheet has a row per place with its area, marked held', () => {
    const args = allocationSheet.args(sel, wardBeds, 'plans/beds.csv', '', w);
    const text = [args.columns, ...(args.rows as string[][])].map((r) => (r as string[]).join(',')).join('\n');
    const proof = allocationSheet.proof(sel, out, wardBeds, 'plans/beds.csv');
    for (const c of [...proof.checks, ...(proof.fields ?? [])])
      if (c.kind === 'file_matches' && c.text && 'regex' in c.text) assert.match(text, new RegExp(c.text.regex));
    const held = (proof.fields ?? []).filter((c) => c.kind === 'file_matches' && /held/.test(JSON.stringify(c)));
    assert.equal(held.length, sel.length);
  });

  it('a draft takes the one-list work instead of its action only where the record type has it', () => {
    const aggregates = PARTS.aggregates;
    const rng = createRng('with-work');
    let taken = 0;
    for (let i = 0; i < 200; i++) {
      const [action, agg] = withWork(rng, 1, aggregates, 'act', undefined);
      if (action === undefined) {
        taken++;
        assert.ok(agg && [allocationSheet, allocationNotice, allocationTodo].some((a) => a.name === agg.name));
      }
    }
    assert.ok(taken > 100 && taken < 200, `${taken} of 200 drafts with one action and three works`);
    const plain = PARTS.aggregates.filter((a) => !a.name.startsWith('allocation_'));
    assert.deepEqual(withWork(createRng('x'), 1, plain, 'act', plain[0]), ['act', plain[0]]);
  });
});

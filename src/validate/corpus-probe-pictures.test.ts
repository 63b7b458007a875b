import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TaskSpec } from '../schema/task-spec.js';
import { corpusTask, fixedRuleProbe } from './corpus-probe.js';
import { targetOf } from './record-tables.js';

// picture tasks keep their records only in a PNG; the recipe's `truth` beside it is what the probe reads, so a
// corpus of plan or scan tasks that all select by one rule is caught like a corpus of CSV tasks.

const rand = (seed: number) => {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
};

const ZONES = ['Bay 1', 'Bay 2', 'Side rooms'];

// a ward plan of 8 beds; the answer: the beds the shared rule (free, with a hoist, not in Bay 1) selects
function wardTask(t: number) {
  const r = rand(100 + t);
  const beds = Array.from({ length: 8 }, (_, i) => ({
    place_id: `B-${t}${i}`,
    status: i === 0 ? 'free' : (['free', 'taken', 'blocked'][Math.floor(r() * 3)] as string),
    zone: i === 0 ? 'Bay 2' : (ZONES[Math.floor(r() * 3)] as string),
    sockets: i === 0 ? 2 : Math.floor(r() * 3),
    hoist: i === 0 || r() < 0.4,
  }));
  const answer = beds.filter((b) => b.status === 'free' && b.hoist && b.zone !== 'Bay 1');
  return TaskSpec.parse({
    spec_version: 1,
    id: `ward_${t}`,
    title: 'Beds',
    family: 'compose',
    labels: { capabilities: ['Multimodal_Perception'], scenario: 'Healthcare', difficulty: 'easy' },
    mock_today: '2026-03-10',
    request: 'Hold the beds the admissions policy says.',
    services: ['workspace'],
    fixtures: {
      workspace: {
        files: {
          'wards/ward-7-plan.png': {
            png: {
              kind: 'floor_plan',
              cols: 8,
              rows: 2,
              cells: beds.map((b, i) => ({ x: i, y: 0, label: b.place_id, status: b.status })),
              truth: beds,
            },
          },
        },
      },
    },
    answer_ids: answer.map((b) => b.place_id),
    provenance: { generator: 'compose', record_type: 'workspace.ward_beds' },
  });
}

describe('the fixed-rule probe over picture records', () => {
  it("reads a plan's records from the truth beside its picture, and a scan folder's as one table", () => {
    const ward = wardTask(1);
    const t = targetOf(ward);
    assert.equal(t?.table.key, 'workspace:wards/ward-7-plan.png');
    assert.equal(t?.id, 'place_id');
    assert.equal(t?.table.rows.length, 8);
    const scan = (id: string, total: number) => ({
      png: {
        kind: 'receipt',
        merchant: 'Eurostar',
        lines: [{ item: 'Fare', amount: total }],
        total,
        truth: [{ scan_id: id, total, category: 'rail' }],
      },
    });
    const scans = TaskSpec.parse({
      ...ward,
      id: 'scans',
      fixtures: {
        workspace: { files: { 'scans/inbox/SC-1.png': scan('SC-1', 40), 'scans/inbox/SC-2.png': scan('SC-2', 90) } },
      },
      answer_ids: ['SC-2'],
      provenance: { generator: 'compose', record_type: 'workspace.receipt_scans' },
    });
    const s = targetOf(scans);
    assert.equal(s?.table.key, 'workspace:scans/inbox/*.png');
    assert.deepEqual([...(s?.targets ?? [])], [1]);
  });

  it('catches a corpus of plan tasks that share one rule', () => {
    const r = fixedRuleProbe(Array.from({ length: 60 }, (_, t) => corpusTask(wardTask(t))));
    assert.equal(r.targeted, 60);
    assert.ok(r.share > 0.9, `share ${r.share}`);
    assert.equal(r.ok, false);
    assert.match(r.by_type['workspace.ward_beds']?.rules[0] ?? '', /status = free/);
  });

  it('a picture without its truth is no table: nothing the probe could read', () => {
    const bare = wardTask(2);
    const png = (bare.fixtures.workspace as { files: Record<string, { png: Record<string, unknown> }> }).files[
      'wards/ward-7-plan.png'
    ]?.png as Record<string, unknown>;
    delete png.truth;
    assert.equal(targetOf(bare), undefined);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TaskSpec } from '../schema/task-spec.js';
import {
  type CorpusTask,
  corpusTask,
  FIXED_RULE_SAMPLE_PER_TYPE,
  FixedRuleSample,
  fixedRuleDiagnostics,
  fixedRuleProbe,
  fold,
} from './corpus-probe.js';
import { parseCsv, targetOf } from './record-tables.js';

// a seeded stream: the corpora are the same on every run
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const TODAY = Date.parse('2026-03-10T00:00:00Z');
const day = (n: number) => new Date(TODAY + n * 86_400_000).toISOString().slice(0, 10);

/** `n` tasks of one record type; `target` decides each record (with the task's index and random stream). */
function corpus(
  n: number,
  target: (r: Record<string, unknown>, task: number, rand: () => number) => boolean,
): CorpusTask[] {
  const rand = rng(7);
  return Array.from({ length: n }, (_, t) => {
    const scale = 10 ** (1 + Math.floor(rand() * 4));
    // the first record of each task is open and high: every task selects something
    const rows = Array.from({ length: 6 }, (_, i) => ({
      ticket_id: `TK-${t}${i}`,
      status: i === 0 || rand() < 0.5 ? 'open' : 'closed',
      priority: i === 0 ? 'high' : ['low', 'medium', 'high'][Math.floor(rand() * 3)],
      amount: Math.round(rand() * scale),
      created_at: day(-Math.floor(rand() * 60)),
    }));
    // the rule of each task is evaluated with its own draws, after the records exist
    const task = rng(1000 + t);
    return {
      id: `task_${t}`,
      type: 'helpdesk.tickets',
      today: TODAY,
      idField: 'ticket_id',
      rows,
      target: rows.map((r) => target(r, t, task)),
    };
  });
}

describe('the corpus-level fixed-rule probe (issue 27)', () => {
  it('a corpus whose every task selects by one fixed rule is solved by it, and fails', () => {
    const r = fixedRuleProbe(corpus(60, (x) => x.status === 'open' && x.priority === 'high'));
    assert.equal(r.targeted, 60);
    assert.ok(r.share > 0.9, `share ${r.share}`);
    assert.equal(r.judged, true);
    assert.equal(r.ok, false);
    assert.match(r.by_type['helpdesk.tickets']?.rules[0] ?? '', /priority = high/);
    assert.match(r.by_type['helpdesk.tickets']?.rules[0] ?? '', /status = open/);
    const [d] = fixedRuleDiagnostics(r);
    assert.equal(d?.code, 'corpus_fixed_rule');
    assert.match(
      d?.message ?? '',
      /solves \d+\.\d% of the other half's tasks \(\d+\/60; limit 5\.0%\): helpdesk\.tickets/,
    );
  });

  it("date windows count in days from each task's mock_today", () => {
    const r = fixedRuleProbe(corpus(40, (x) => Date.parse(String(x.created_at)) < TODAY - 14 * 86_400_000));
    assert.ok(r.share > 0.9, `share ${r.share}`);
    assert.match(r.by_type['helpdesk.tickets']?.rules[0] ?? '', /created_at older than 14 days/);
  });

  it('tasks whose rules are drawn per task (fields and thresholds from the data) defeat it', () => {
    // each task: two cuts at ranks drawn per task (an amount above or below it, a date before or after it)
    const r = fixedRuleProbe(
      corpus(80, () => false).map((t, i) => {
        const draw = rng(99 + i);
        const rank = (values: number[]) => [...values].sort((a, b) => a - b)[1 + Math.floor(draw() * 3)] as number;
        const amounts = t.rows.map((x) => Number(x.amount));
        const dates = t.rows.map((x) => Date.parse(String(x.created_at)));
        const [a, d, up, late] = [rank(amounts), rank(dates), draw() < 0.5, draw() < 0.5];
        const target = t.rows.map(
          (_, j) =>
            (up ? (amounts[j] as number) > a : (amounts[j] as number) <= a) &&
            (late ? (dates[j] as number) > d : (dates[j] as number) <= d),
        );
        return { ...t, target };
      }),
    );
    assert.ok(r.targeted >= 60 && r.share <= 0.05, `share ${r.share} of ${r.targeted}`);
    assert.equal(r.ok, true);
    assert.deepEqual(fixedRuleDiagnostics(r), []);
  });

  it('too few tasks are reported, not judged; the halves are stable', () => {
    const r = fixedRuleProbe(corpus(10, (x) => x.status === 'open'));
    assert.equal(r.judged, false);
    assert.equal(r.ok, true);
    assert.deepEqual(['a', 'b', 'task_1', 'task_2'].map(fold), ['a', 'b', 'task_1', 'task_2'].map(fold));
    const halves = corpus(200, () => true).map((t) => fold(t.id));
    const ones = halves.filter((f) => f === 1).length;
    assert.ok(ones > 70 && ones < 130, `${ones} of 200 in one half`);
  });

  it('is cheap: 1,000 tasks of 5 record types in well under two seconds', () => {
    const tasks = [0, 1, 2, 3, 4].flatMap((k) =>
      corpus(200, (x) => x.priority === 'high').map((t) => ({ ...t, id: `${k}_${t.id}`, type: `type_${k}` })),
    );
    const start = performance.now();
    const r = fixedRuleProbe(tasks);
    assert.equal(r.targeted, 1000);
    assert.ok(performance.now() - start < 2000, `${performance.now() - start} ms`);
  });

  it("finds a spec's target table: a service collection, or the rows of a CSV in the workspace", () => {
    const spec = TaskSpec.parse({
      spec_version: 1,
      id: 'csv_orders',
      title: 'Orders',
      family: 'workspace',
      labels: { capabilities: ['Data_Analysis'], scenario: 'Office_Productivity', difficulty: 'easy' },
      mock_today: '2026-03-10',
      request: 'List the unpaid orders of the North region.',
      services: ['workspace', 'gmail'],
      fixtures: {
        workspace: {
          files: {
            'exports/orders.csv':
              'order_id,customer,region,amount,status\nSO-1,"Acme, Inc",North,100,unpaid\nSO-2,Beta,South,200,unpaid\nSO-3,Gamma,North,300,paid\n',
          },
        },
        gmail: { messages: [] },
      },
      answer_ids: ['SO-1'],
    });
    const t = targetOf(spec);
    assert.equal(t?.table.key, 'workspace:exports/orders.csv');
    assert.equal(t?.id, 'order_id');
    assert.deepEqual([...(t?.targets ?? [])], [0]);
    assert.deepEqual(t?.table.rows[0], {
      order_id: 'SO-1',
      customer: 'Acme, Inc',
      region: 'North',
      amount: 100,
      status: 'unpaid',
    });
    const c = corpusTask(spec);
    assert.deepEqual([c?.type, c?.target], ['workspace:exports/orders.csv', [true, false, false]]);
    // provenance names the record type the statistics group by
    assert.equal(
      corpusTask({ ...spec, provenance: { generator: 'x', record_type: 'sales.orders' } })?.type,
      'sales.orders',
    );
    assert.deepEqual(parseCsv('a,"b ""c"""\r\n1,2\n'), [
      ['a', 'b "c"'],
      ['1', '2'],
    ]);
  });
});

describe('FixedRuleSample: the probe in bounded memory', () => {
  const task = (i: number): CorpusTask => ({
    id: `t${i}`,
    type: 'helpdesk.tickets',
    today: 0,
    idField: 'ticket_id',
    rows: [
      { ticket_id: `A${i}`, priority: 'high' },
      { ticket_id: `B${i}`, priority: 'low' },
    ],
    target: [true, false],
  });

  it('reads at most FIXED_RULE_SAMPLE_PER_TYPE tasks per record type, the same ones in any order, and says so', () => {
    const n = FIXED_RULE_SAMPLE_PER_TYPE + 50;
    const a = new FixedRuleSample();
    const b = new FixedRuleSample();
    for (let i = 0; i < n; i++) a.add(task(i));
    for (let i = n - 1; i >= 0; i--) b.add(task(i));
    a.add(undefined);
    b.add(undefined);
    const ra = a.report({ minTasks: 1 });
    const rb = b.report({ minTasks: 1 });
    assert.deepEqual(ra.sampled, { read: FIXED_RULE_SAMPLE_PER_TYPE, of: n });
    assert.equal(ra.tasks, n + 1);
    assert.equal(ra.targeted, FIXED_RULE_SAMPLE_PER_TYPE);
    assert.deepEqual([rb.sampled, rb.tasks, rb.targeted], [ra.sampled, ra.tasks, ra.targeted]);
  });

  it('a corpus under the sample size is read whole: the same report as the probe over the list', () => {
    const s = new FixedRuleSample();
    const list = [task(1), undefined, task(2), task(3)];
    for (const t of list) s.add(t);
    assert.deepEqual(s.report({ minTasks: 1 }), fixedRuleProbe(list, { minTasks: 1 }));
  });
});

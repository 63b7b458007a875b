import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CoworkError } from '../schema/errors.js';
import { makeSpec } from '../schema/testing.js';
import type { TaskSpecInput } from '../schema/task-spec.js';
import { createEpisode, type Episode } from './episode.js';

const fixtures = {
  todo: {
    tasks: [
      { task_id: 'todo_001', title: 'Write report', status: 'pending', tags: ['q1'] },
      { task_id: 'todo_002', title: 'Book travel', status: 'completed' },
    ],
  },
  inventory: { products: [{ product_id: 'SKU-101', name: 'Dock', current_stock: 3, supplier: 'Volt' }] },
};
const spec = makeSpec({ services: ['todo', 'inventory'], fixtures });
const specWith = (fields: Partial<TaskSpecInput>) => makeSpec({ services: ['todo', 'inventory'], fixtures, ...fields });
const body = (content: string) => JSON.parse(content);
const taskIds = (e: Episode) =>
  body(e.call('todo_list_tasks', {}).content).tasks.map((t: { task_id: string }) => t.task_id);
const ms = (iso: string) => Date.parse(iso);

describe('episode isolation', () => {
  it('two episodes of one spec change their own state only and never touch the spec', () => {
    const before = structuredClone(spec);
    const a = createEpisode(spec);
    const b = createEpisode(spec);
    assert.equal(a.call('todo_update_task', { task_id: 'todo_001', status: 'completed' }).ok, true);
    assert.equal(body(a.call('todo_create_task', { title: 'New' }).content).task.task_id, 'todo_003');
    assert.equal(a.call('todo_delete_task', { task_id: 'todo_002' }).ok, true);
    assert.equal(a.call('inventory_create_order', { product_id: 'SKU-101', quantity: 5 }).ok, true);

    assert.deepEqual(taskIds(a), ['todo_001', 'todo_003']);
    assert.deepEqual(taskIds(b), ['todo_001', 'todo_002']);
    assert.equal(body(b.call('todo_get_task', { task_id: 'todo_001' }).content).status, 'pending');
    // b has its own id counter
    assert.equal(body(b.call('todo_create_task', { title: 'Other' }).content).task.task_id, 'todo_003');
    assert.equal(b.audit().records.todo?.updated_tasks?.length, 0);
    assert.equal(b.audit().records.inventory?.orders?.length, 0);
    assert.equal(a.audit().records.todo?.updated_tasks?.length, 1);
    assert.deepEqual(taskIds(createEpisode(spec)), ['todo_001', 'todo_002']);

    assert.deepEqual(spec, before);
    const rows = spec.fixtures.todo?.tasks as Record<string, unknown>[];
    assert.equal(Object.isFrozen(rows), false);
    assert.equal(Object.isFrozen(rows[0]), false);
    assert.equal(Object.isFrozen(rows[0]?.tags), false);
    assert.equal(Object.isFrozen(spec.fixtures.todo), false);
    assert.equal(Object.isFrozen(spec.fixtures.inventory?.products), false);
  });
});

describe('episode determinism', () => {
  const faulty = specWith({ errors: { rate: 0.5 } });
  const script = (e: Episode) => {
    e.call('todo_list_tasks', {});
    e.call('todo_get_task', { task_id: 'todo_001' });
    for (let i = 0; i < 4; i++) e.call('todo_create_task', { title: `Task ${i}` });
    e.call('todo_update_task', { task_id: 'todo_001', status: 'done' });
    e.call('inventory_create_order', { product_id: 'SKU-101', quantity: 2 });
    for (let i = 0; i < 6; i++) e.call('inventory_list_products', {});
    return e;
  };
  const faults = (seed: number, trial = 0) =>
    script(createEpisode(faulty, { seed, trial }))
      .audit()
      .calls.map((c) => c.injected ?? null);

  it('the same seed and trial give the identical audit, clock included', () => {
    const a = script(createEpisode(faulty, { seed: 7, trial: 2 }));
    const b = script(createEpisode(faulty, { seed: 7, trial: 2 }));
    assert.deepEqual(a.audit(), b.audit());
    assert.deepEqual(a.snapshot(), b.snapshot());
    assert.equal(a.now(), b.now());
    assert.ok(
      a.audit().calls.some((c) => c.injected),
      'errors.rate 0.5 injects faults over 14 calls',
    );
    assert.ok(a.audit().calls.some((c) => !c.injected));
  });

  it('different seeds or trials give a different fault sequence', () => {
    assert.notDeepEqual(faults(1), faults(2));
    assert.notDeepEqual(faults(1, 0), faults(1, 1));
    assert.deepEqual(faults(3), faults(3));
  });

  it('without errors.rate nothing is injected', () => {
    assert.deepEqual(
      new Set(
        script(createEpisode(spec, { seed: 7 }))
          .audit()
          .calls.map((c) => c.injected ?? null),
      ),
      new Set([null]),
    );
  });
});

describe('injected faults', () => {
  it('are flagged in the result and the audit, and a 429/500 never runs the handler', () => {
    const e = createEpisode(specWith({ errors: { rate: 1 } }), { seed: 11 });
    const results = Array.from({ length: 24 }, (_, i) => e.call('todo_create_task', { title: `T${i}` }));
    const { calls, records } = e.audit();
    const kinds = new Set(results.map((r) => r.injected));
    assert.deepEqual(kinds, new Set(['rate_limited', 'server_error', 'slow']));
    results.forEach((r, i) => {
      const entry = calls[i];
      assert.ok(entry);
      assert.equal(entry.injected, r.injected);
      assert.equal(entry.seq, r.seq);
      if (r.injected === 'slow') {
        assert.equal(r.ok, true);
        assert.ok(entry.latency_ms >= 2000 && entry.latency_ms <= 4000, `latency ${entry.latency_ms}`);
        assert.equal(r.latencyUs, entry.latency_ms * 1000);
      } else {
        assert.equal(r.ok, false);
        assert.equal(r.error?.code, r.injected);
        assert.equal(entry.error?.code, r.injected);
        assert.equal(entry.params, undefined);
        assert.equal(entry.result, undefined);
        assert.equal(r.latencyUs, 0);
        if (r.injected === 'rate_limited') {
          assert.equal(r.error?.retry_after_seconds, 2);
          assert.deepEqual(body(r.content), {
            error: {
              code: 'rate_limited',
              message: 'Too many requests. Please retry after a short delay.',
              retry_after_seconds: 2,
            },
          });
        }
      }
    });
    const slowSeqs = results.filter((r) => r.injected === 'slow').map((r) => r.seq);
    assert.deepEqual(
      records.todo?.created_tasks?.map((x) => x.seq),
      slowSeqs,
    );
    assert.equal(e.snapshot().todo?.tasks?.length, 2 + slowSeqs.length);
  });

  it('a slow fault advances the mock clock by its latency', () => {
    const e = createEpisode(specWith({ errors: { rate: 1 } }), { seed: 11 });
    for (let i = 0; i < 12; i++) e.call('todo_list_tasks', {});
    const calls = e.audit().calls;
    assert.ok(calls.some((c) => c.injected === 'slow' && c.latency_ms > 0));
    for (let i = 1; i < calls.length; i++) {
      const prev = calls[i - 1];
      const cur = calls[i];
      assert.ok(prev && cur);
      assert.equal(ms(cur.t) - ms(prev.t), 1000 + prev.latency_ms, `call ${cur.seq}`);
    }
    const last = calls.at(-1);
    assert.ok(last);
    assert.equal(ms(e.now()), ms(last.t) + 1000 + last.latency_ms);
  });
});

describe('mock clock', () => {
  it('starts at mock_today and advances 1 s per call, failed calls included', () => {
    const e = createEpisode(spec);
    assert.equal(e.now(), '2026-03-10T09:00:00.000Z');
    e.call('todo_list_tasks', {});
    e.call('no_such_tool', {});
    e.call('todo_get_task', {});
    const r = e.call('todo_create_task', { title: 'Timed' });
    assert.deepEqual(
      e.audit().calls.map((c) => c.t),
      ['2026-03-10T09:00:00.000Z', '2026-03-10T09:00:01.000Z', '2026-03-10T09:00:02.000Z', '2026-03-10T09:00:03.000Z'],
    );
    assert.deepEqual(
      e.audit().calls.map((c) => c.seq),
      [1, 2, 3, 4],
    );
    assert.equal(body(r.content).task.created_at, '2026-03-10T09:00:03.000Z');
    assert.equal(e.audit().records.todo?.created_tasks?.[0]?.timestamp, '2026-03-10T09:00:03.000Z');
    assert.equal(e.now(), '2026-03-10T09:00:04.000Z');
  });
});

describe('tool resolution', () => {
  it('an unknown tool is unknown_tool with a did-you-mean hint and is audited without a service', () => {
    const e = createEpisode(spec);
    const r = e.call('todo_list_task', { status: 'all' });
    assert.equal(r.ok, false);
    assert.equal(r.error?.code, 'unknown_tool');
    assert.match(
      r.error?.message ?? '',
      /^unknown tool "todo_list_task"; did you mean todo_list_tasks\?; available tools: todo_list_tasks, /,
    );
    assert.doesNotMatch(e.call('zzqx', {}).error?.message ?? '', /did you mean/);
    const entry = e.audit().calls[0];
    assert.equal(entry?.tool, 'todo_list_task');
    assert.equal(entry?.service, null);
    assert.deepEqual(entry?.args, { status: 'all' });
  });

  it('a real tool outside the services is tool_not_available', () => {
    const e = createEpisode(spec);
    const r = e.call('gmail_send_message', { to: 'a@b.example', subject: 's', body: 'b' });
    assert.equal(r.error?.code, 'tool_not_available');
    assert.match(
      r.error?.message ?? '',
      /^tool gmail_send_message \(gmail\) is not available in this task; available tools: /,
    );
    assert.equal(e.audit().records.gmail, undefined);
  });

  it('the allow-list limits the tools; aliases resolve to the canonical name with called_as', () => {
    const e = createEpisode(specWith({ tools: ['todo_list_tasks', 'inventory_list_items'] }));
    assert.deepEqual(
      e.tools.map((t) => t.name),
      ['todo_list_tasks', 'inventory_list_products'],
    );
    const create = e.call('todo_create_task', { title: 'x' });
    assert.equal(create.error?.code, 'tool_not_available');
    assert.match(create.error?.message ?? '', /available tools: todo_list_tasks, inventory_list_products$/);
    assert.equal(e.call('inventory_get_item', { product_id: 'SKU-101' }).error?.code, 'tool_not_available');
    assert.equal(e.call('inventory_list_items', {}).ok, true);
    assert.equal(e.call('inventory_list_products', {}).ok, true);
    const [, , alias, canonical] = e.audit().calls;
    assert.equal(alias?.tool, 'inventory_list_products');
    assert.equal(alias?.called_as, 'inventory_list_items');
    assert.equal(alias?.service, 'inventory');
    assert.equal(canonical?.tool, 'inventory_list_products');
    assert.equal('called_as' in (canonical ?? {}), false);
    assert.equal(e.audit().records.todo?.created_tasks?.length, 0);
  });
});

describe('tool arguments', () => {
  it('accepts a JSON string or nothing, and rejects non-objects as invalid_argument', () => {
    const e = createEpisode(spec);
    const fromString = e.call('todo_list_tasks', '{"status":"pending"}');
    assert.equal(fromString.ok, true);
    assert.deepEqual(
      body(fromString.content).tasks.map((t: { task_id: string }) => t.task_id),
      ['todo_001'],
    );
    assert.equal(e.audit().calls[0]?.args, '{"status":"pending"}');
    assert.deepEqual(e.audit().calls[0]?.params, { status: 'pending' });
    assert.equal(body(e.call('todo_list_tasks', '').content).total, 2);
    assert.equal(body(e.call('todo_list_tasks').content).total, 2);
    assert.deepEqual(e.audit().calls[2]?.args, {});

    const bad = e.call('todo_list_tasks', '{status: pending');
    assert.deepEqual(bad.error, {
      code: 'invalid_argument',
      message: 'arguments for todo_list_tasks are not valid JSON; send a JSON object',
    });
    for (const args of [[1], 5, true, '[]', '"pending"', '3']) {
      const r = e.call('todo_list_tasks', args);
      assert.equal(r.ok, false, JSON.stringify(args));
      assert.deepEqual(r.error, {
        code: 'invalid_argument',
        message: 'arguments for todo_list_tasks must be a JSON object',
      });
    }
    const typed = e.call('todo_list_tasks', { status: 3 });
    assert.equal(typed.error?.code, 'invalid_argument');
    assert.match(typed.error?.message ?? '', /^invalid arguments for todo_list_tasks: status/);
    assert.equal(e.call('todo_get_task', { task_id: 'todo_404' }).error?.code, 'not_found');
  });
});

describe('result truncation', () => {
  const sized = (description: string) =>
    makeSpec({
      services: ['todo'],
      limits: { max_result_chars: 256 },
      fixtures: { todo: { tasks: [{ task_id: 'todo_001', title: 't', status: 'pending', description }] } },
    });
  const base = createEpisode(sized('')).call('todo_get_task', { task_id: 'todo_001' }).content.length;

  it('a result of exactly max_result_chars is kept whole', () => {
    const r = createEpisode(sized('d'.repeat(256 - base))).call('todo_get_task', { task_id: 'todo_001' });
    assert.equal(r.content.length, 256);
    assert.equal(r.truncated, undefined);
    assert.equal(body(r.content).description.length, 256 - base);
  });

  it('a longer result is cut at max_result_chars with a marker, flagged in the result and the audit', () => {
    const e = createEpisode(sized('d'.repeat(300)));
    const r = e.call('todo_get_task', { task_id: 'todo_001' });
    const full = JSON.stringify(e.audit().calls[0]?.result);
    assert.equal(full.length, base + 300);
    assert.equal(r.content, `${full.slice(0, 256)}\n...[truncated: ${full.length - 256} more characters]`);
    assert.equal(r.truncated, true);
    assert.equal(r.ok, true);
    assert.equal(e.audit().calls[0]?.truncated, true);
  });
});

describe('generated ids', () => {
  it('are monotonic and never reused after a delete', () => {
    const e = createEpisode(spec);
    const create = () => body(e.call('todo_create_task', { title: 'x' }).content).task.task_id;
    assert.equal(create(), 'todo_003');
    assert.equal(e.call('todo_delete_task', { task_id: 'todo_003' }).ok, true);
    assert.equal(create(), 'todo_004');
    assert.equal(e.call('todo_delete_task', { task_id: 'todo_002' }).ok, true);
    assert.equal(create(), 'todo_005');
    assert.deepEqual(taskIds(e), ['todo_001', 'todo_004', 'todo_005']);
    assert.equal(
      body(e.call('inventory_create_order', { product_id: 'SKU-101', quantity: 1 }).content).order.order_id,
      'PO-0001',
    );
  });

  it('start past the largest fixture id', () => {
    const gaps = makeSpec({
      services: ['todo'],
      fixtures: {
        todo: {
          tasks: [
            { task_id: 'todo_009', title: 'a', status: 'x' },
            { task_id: 'todo_002', title: 'b', status: 'x' },
          ],
        },
      },
    });
    assert.equal(body(createEpisode(gaps).call('todo_create_task', { title: 'y' }).content).task.task_id, 'todo_010');
  });
});

describe('snapshot, changedState and audit', () => {
  it('have the documented shapes', () => {
    const e = createEpisode(spec);
    assert.deepEqual(e.changedState(), {});
    assert.deepEqual(e.audit(), {
      calls: [],
      records: { todo: { created_tasks: [], updated_tasks: [], deleted: [] }, inventory: { orders: [] } },
    });
    const snap = e.snapshot();
    assert.deepEqual(Object.keys(snap).sort(), ['inventory', 'todo']);
    assert.deepEqual(Object.keys(snap.inventory ?? {}).sort(), ['orders', 'products']);
    assert.deepEqual(snap.inventory?.orders, []);
    assert.deepEqual(snap.todo?.tasks?.[1], {
      task_id: 'todo_002',
      title: 'Book travel',
      status: 'completed',
      description: '',
      priority: 'medium',
      tags: [],
    });

    const r = e.call('todo_update_task', { task_id: 'todo_001', status: 'done' });
    const task = {
      task_id: 'todo_001',
      title: 'Write report',
      status: 'done',
      description: '',
      priority: 'medium',
      tags: ['q1'],
    };
    assert.deepEqual(e.changedState(), { todo: { tasks: [task, snap.todo?.tasks?.[1]] } });
    assert.deepEqual(e.audit().calls, [
      {
        seq: 1,
        tool: 'todo_update_task',
        service: 'todo',
        args: { task_id: 'todo_001', status: 'done' },
        params: { task_id: 'todo_001', status: 'done' },
        ok: true,
        result: { status: 'updated', task },
        latency_ms: 0,
        t: '2026-03-10T09:00:00.000Z',
      },
    ]);
    assert.deepEqual(e.audit().records.todo?.updated_tasks, [
      { ...task, timestamp: '2026-03-10T09:00:00.000Z', seq: 1 },
    ]);
    assert.deepEqual(
      { ...r, content: body(r.content) },
      { ok: true, content: { status: 'updated', task }, latencyUs: 0, seq: 1 },
    );
    const failed = e.call('todo_get_task', { task_id: 'nope' });
    assert.deepEqual(body(failed.content), { error: { code: 'not_found', message: 'Task nope not found' } });
    assert.equal(e.audit().calls[1]?.ok, false);
    assert.deepEqual(e.audit().calls[1]?.error, { code: 'not_found', message: 'Task nope not found' });
  });
});

describe('changedState after failed writes', () => {
  it('lists no collection when a delete or update hit a missing record', () => {
    const e = createEpisode(spec);
    assert.equal(e.call('todo_delete_task', { task_id: 'todo_404' }).error?.code, 'not_found');
    assert.equal(e.call('todo_update_task', { task_id: 'todo_404', status: 'done' }).error?.code, 'not_found');
    assert.deepEqual(e.changedState(), {});
  });
});

describe('createEpisode with a bad spec', () => {
  const throwsInvalid = (fields: Partial<TaskSpecInput> & Pick<TaskSpecInput, 'services'>, pattern: RegExp) =>
    assert.throws(
      () => createEpisode(makeSpec(fields)),
      (e: unknown) => e instanceof CoworkError && e.code === 'spec_invalid' && pattern.test(e.message),
    );

  it('fixtures that fail the schemas throw spec_invalid naming each path', () => {
    throwsInvalid(
      { services: ['todo'], fixtures: { todo: { tasks: [{ task_id: 'todo_001', status: 'x' }] } } },
      /fixture_missing_field at fixtures\.todo\.tasks\[0\]\.title/,
    );
    throwsInvalid(
      {
        services: ['todo'],
        fixtures: { todo: { tasks: [{ task_id: 'todo_001', title: 't', status: 'x', priority: 'mega' }] } },
      },
      /fixtures\.todo\.tasks\[0\]\.priority/,
    );
    throwsInvalid(
      { services: ['todo'], fixtures: { todo: { task: [] } } },
      /unknown_collection at fixtures\.todo\.task/,
    );
    throwsInvalid(
      { services: ['todo'], fixtures: { gmail: { messages: [] } } },
      /fixture_service_not_selected at fixtures\.gmail/,
    );
    throwsInvalid(
      {
        services: ['todo'],
        fixtures: {
          todo: {
            tasks: [
              { task_id: 'a', title: 't', status: 'x' },
              { task_id: 'a', title: 'u', status: 'x' },
            ],
          },
        },
      },
      /fixture_duplicate_id/,
    );
    throwsInvalid({ services: ['todo', 'nosuch'] }, /unknown service\(s\) nosuch/);
  });

  it('carries the diagnostics as details', () => {
    try {
      createEpisode(
        makeSpec({
          services: ['todo'],
          fixtures: { todo: { tasks: [{ task_id: 'todo_001', title: 5, status: 'x' }] } },
        }),
      );
      assert.fail('expected a throw');
    } catch (e) {
      assert.ok(e instanceof CoworkError);
      assert.deepEqual(
        (e.details as { path: string }[]).map((d) => d.path),
        ['fixtures.todo.tasks[0].title'],
      );
    }
  });
});

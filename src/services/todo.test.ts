import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['todo'],
  fixtures: {
    todo: {
      tasks: [
        {
          task_id: 'todo_001',
          title: 'Write Q1 report',
          status: 'pending',
          priority: 'high',
          due_date: '2026-03-12',
          tags: ['report'],
          created_at: '2026-03-01T08:00:00Z',
        },
        { task_id: 'todo_002', title: 'Book travel', status: 'completed' },
        { task_id: 'todo_005', title: 'Review budget', status: 'in_progress', description: 'Check the Q2 numbers' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (tasks: { task_id: string }[]) => tasks.map((t) => t.task_id);

describe('todo', () => {
  it('lists every task by default and filters by exact status', () => {
    const e = ep();
    const all = body(e.call('todo_list_tasks', {}).content);
    assert.deepEqual(ids(all.tasks), ['todo_001', 'todo_002', 'todo_005']);
    assert.equal(all.total, 3);
    // fixture defaults are applied to full records
    assert.equal(all.tasks[1].priority, 'medium');
    assert.deepEqual(all.tasks[1].tags, []);
    assert.equal(all.tasks[1].description, '');
    assert.deepEqual(ids(body(e.call('todo_list_tasks', { status: 'pending' }).content).tasks), ['todo_001']);
    assert.equal(body(e.call('todo_list_tasks', { status: 'Pending' }).content).total, 0);
    assert.equal(e.call('todo_list_tasks', { status: 3 }).error?.code, 'invalid_argument');
    assert.match(e.call('todo_list_tasks', { state: 'pending' }).error?.message ?? '', /did you mean status/);
  });

  it('gets a task; a missing one is not_found; bad arguments are invalid_argument', () => {
    const e = ep();
    assert.equal(body(e.call('todo_get_task', { task_id: 'todo_005' }).content).description, 'Check the Q2 numbers');
    const r = e.call('todo_get_task', { task_id: 'todo_404' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Task todo_404 not found');
    assert.match(e.call('todo_get_task', {}).error?.message ?? '', /task_id/);
    assert.equal(e.call('todo_get_task', { task_id: 5 }).error?.code, 'invalid_argument');
    assert.equal(e.call('todo_get_task', { task_id: 'todo_001', verbose: true }).error?.code, 'invalid_argument');
  });

  it('creates pending tasks with monotonic ids past the fixtures and audits the full task', () => {
    const e = ep();
    const r = e.call('todo_create_task', { title: 'Call vendor', due_date: '2026-03-20', tags: ['vendor'] });
    assert.ok(r.ok);
    const created = body(r.content);
    assert.equal(created.status, 'created');
    assert.deepEqual(created.task, {
      task_id: 'todo_006',
      title: 'Call vendor',
      description: '',
      status: 'pending',
      priority: 'medium',
      due_date: '2026-03-20',
      tags: ['vendor'],
      created_at: '2026-03-10T09:00:00.000Z',
    });
    const audited = e.audit().records.todo?.created_tasks ?? [];
    assert.equal(audited.length, 1);
    assert.deepEqual({ ...audited[0] }, { ...created.task, timestamp: '2026-03-10T09:00:00.000Z', seq: r.seq });
    const second = body(
      e.call('todo_create_task', { title: 'Plan offsite', priority: 'urgent', description: 'venue' }).content,
    ).task;
    assert.equal(second.task_id, 'todo_007');
    assert.equal(second.priority, 'urgent');
    assert.equal(second.due_date, undefined);
    assert.deepEqual(second.tags, []);
    assert.equal(body(e.call('todo_get_task', { task_id: 'todo_007' }).content).description, 'venue');
  });

  it('rejects bad create arguments', () => {
    const e = ep();
    assert.match(e.call('todo_create_task', {}).error?.message ?? '', /title/);
    assert.match(e.call('todo_create_task', { title: 'x', priority: 'critical' }).error?.message ?? '', /urgent/);
    assert.match(e.call('todo_create_task', { title: 'x', due_date: '03/20/2026' }).error?.message ?? '', /YYYY-MM-DD/);
    assert.equal(e.call('todo_create_task', { title: 'x', due_date: '2026-02-30' }).error?.code, 'invalid_argument');
    assert.equal(e.call('todo_create_task', { title: 'x', tags: 'a' }).error?.code, 'invalid_argument');
    assert.match(e.call('todo_create_task', { title: 'x', assignee: 'bo' }).error?.message ?? '', /unknown field/);
    assert.equal(e.audit().records.todo?.created_tasks?.length, 0);
  });

  it('updates every advertised field and audits the full task', () => {
    const e = ep();
    const r = e.call('todo_update_task', {
      task_id: 'todo_001',
      title: 'Write Q1 report v2',
      status: 'in_progress',
      priority: 'urgent',
      tags: ['report', 'q1'],
      description: 'add charts',
      due_date: '2026-03-15',
    });
    assert.ok(r.ok);
    const { status, task } = body(r.content);
    assert.equal(status, 'updated');
    assert.deepEqual(task, {
      task_id: 'todo_001',
      title: 'Write Q1 report v2',
      status: 'in_progress',
      priority: 'urgent',
      description: 'add charts',
      due_date: '2026-03-15',
      tags: ['report', 'q1'],
      created_at: '2026-03-01T08:00:00Z',
    });
    const audited = e.audit().records.todo?.updated_tasks ?? [];
    assert.equal(audited.length, 1);
    assert.deepEqual({ ...audited[0] }, { ...task, timestamp: '2026-03-10T09:00:00.000Z', seq: r.seq });
    assert.deepEqual(body(e.call('todo_get_task', { task_id: 'todo_001' }).content), task);
  });

  it('rejects updates of missing tasks, empty updates and bad values', () => {
    const e = ep();
    assert.equal(e.call('todo_update_task', { task_id: 'todo_404', status: 'completed' }).error?.code, 'not_found');
    const empty = e.call('todo_update_task', { task_id: 'todo_001' });
    assert.equal(empty.error?.code, 'invalid_argument');
    assert.match(empty.error?.message ?? '', /nothing to update/);
    assert.equal(e.call('todo_update_task', { status: 'completed' }).error?.code, 'invalid_argument');
    assert.equal(e.call('todo_update_task', { task_id: 'todo_001', priority: 'asap' }).error?.code, 'invalid_argument');
    assert.equal(e.call('todo_update_task', { task_id: 'todo_001', title: '' }).error?.code, 'invalid_argument');
    assert.match(e.call('todo_update_task', { task_id: 'todo_001', done: true }).error?.message ?? '', /unknown field/);
    assert.equal(e.audit().records.todo?.updated_tasks?.length, 0);
  });

  it('deletes a task, audits the removed task and never reuses its id', () => {
    const e = ep();
    const r = e.call('todo_delete_task', { task_id: 'todo_005' });
    assert.ok(r.ok);
    const { status, task } = body(r.content);
    assert.equal(status, 'deleted');
    assert.equal(task.title, 'Review budget');
    const audited = e.audit().records.todo?.deleted ?? [];
    assert.equal(audited.length, 1);
    assert.deepEqual({ ...audited[0] }, { ...task, timestamp: '2026-03-10T09:00:00.000Z', seq: r.seq });
    assert.equal(e.call('todo_get_task', { task_id: 'todo_005' }).error?.code, 'not_found');
    assert.equal(e.call('todo_delete_task', { task_id: 'todo_005' }).error?.code, 'not_found');
    assert.equal(e.call('todo_delete_task', {}).error?.code, 'invalid_argument');
    assert.equal(e.call('todo_delete_task', { task_id: 'todo_001', force: true }).error?.code, 'invalid_argument');
    assert.equal(body(e.call('todo_create_task', { title: 'after delete' }).content).task.task_id, 'todo_006');
    assert.ok(e.call('todo_delete_task', { task_id: 'todo_006' }).ok);
    assert.equal(body(e.call('todo_create_task', { title: 'again' }).content).task.task_id, 'todo_007');
    assert.deepEqual(ids(body(e.call('todo_list_tasks', {}).content).tasks), ['todo_001', 'todo_002', 'todo_007']);
  });
});

import { z } from 'zod';
import { ToolError } from './tool-error.js';
import { defineTool, type ServiceDef } from './types.js';
import { defined, IdArg, kinded, mirrorList } from './util.js';

const Priority = z.enum(['low', 'medium', 'high', 'urgent']);

// short pattern keeps the model-facing json schema readable; the refine rejects 2026-02-30
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s),
    'not a real calendar date (YYYY-MM-DD)',
  )
  .describe('YYYY-MM-DD');

const Task = z.strictObject({
  task_id: kinded('id', z.string().min(1).describe('task id, e.g. todo_001')),
  title: z.string().describe('short task title'),
  status: z.string().min(1).describe('pending | in_progress | completed (free text in fixtures)'),
  description: z.string().default('').describe('longer task description'),
  priority: Priority.default('medium').describe('low | medium | high | urgent'),
  due_date: z.string().optional().describe('due date, YYYY-MM-DD'),
  tags: z.array(z.string()).default([]).describe('free labels'),
  blocked: z.boolean().optional().describe('whether the task waits on someone or something else before it can move'),
  created_at: z.string().optional().describe('ISO time the task was created'),
});

export const todo: ServiceDef = {
  name: 'todo',
  description: 'To-do list: list, read, create, update and delete tasks.',
  collections: {
    tasks: { description: 'to-do tasks', id: 'task_id', label: 'Task', newId: ['todo_', 3], record: Task },
  },
  audit: {
    created_tasks: mirrorList('full task after each todo_create_task', Task),
    updated_tasks: mirrorList('full task after each todo_update_task', Task),
    deleted: mirrorList('the removed task of each todo_delete_task', Task),
  },
  tools: [
    defineTool({
      name: 'todo_list_tasks',
      description: 'List tasks (full records). Filter by exact status, or "all" for every task.',
      params: z.strictObject({
        status: z
          .string()
          .min(1)
          .default('all')
          .describe('status to match (e.g. pending, in_progress, completed), or "all"'),
      }),
      mutates: false,
      handler(ctx, a) {
        const tasks = ctx.list('tasks').filter((t) => a.status === 'all' || t.status === a.status);
        return { tasks, total: tasks.length };
      },
    }),
    defineTool({
      name: 'todo_get_task',
      description: 'Get one task by id.',
      params: z.strictObject({ task_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('tasks', a.task_id),
    }),
    defineTool({
      name: 'todo_create_task',
      description: 'Create a new task; it starts with status "pending".',
      params: z.strictObject({
        title: z.string().min(1),
        description: z.string().optional(),
        priority: Priority.default('medium'),
        due_date: Day.optional(),
        tags: z.array(z.string().min(1)).optional(),
      }),
      mutates: true,
      handler(ctx, a) {
        const task = ctx.insert('tasks', {
          task_id: ctx.nextId('tasks'),
          title: a.title,
          description: a.description ?? '',
          status: 'pending',
          priority: a.priority,
          ...defined({ due_date: a.due_date }),
          tags: a.tags ?? [],
          created_at: ctx.now(),
        });
        ctx.record('created_tasks', task);
        return { status: 'created', task };
      },
    }),
    defineTool({
      name: 'todo_update_task',
      description: 'Update a task: title, description, priority, status, due date and/or tags (replaces the list).',
      params: z.strictObject({
        task_id: IdArg,
        title: z.string().min(1).optional(),
        priority: Priority.optional(),
        status: z.string().min(1).optional().describe('new status, e.g. pending | in_progress | completed'),
        tags: z.array(z.string().min(1)).optional(),
        description: z.string().optional(),
        due_date: Day.optional(),
      }),
      mutates: true,
      handler(ctx, { task_id, ...changes }) {
        ctx.get('tasks', task_id);
        const patch = defined(changes);
        if (Object.keys(patch).length === 0) {
          throw new ToolError(
            'invalid_argument',
            'nothing to update: give at least one of title, priority, status, tags, description, due_date',
          );
        }
        const task = ctx.update('tasks', task_id, patch);
        ctx.record('updated_tasks', task);
        return { status: 'updated', task };
      },
    }),
    defineTool({
      name: 'todo_delete_task',
      description: 'Delete a task.',
      params: z.strictObject({ task_id: IdArg }),
      mutates: true,
      handler(ctx, a) {
        const task = ctx.remove('tasks', a.task_id);
        ctx.record('deleted', task);
        return { status: 'deleted', task };
      },
    }),
  ],
};

import { z } from 'zod';
import { Where } from './matchers.js';

// π_U of Cowork-Gym: the simulated user's private state and its signal plan.

const Trigger = z.union([
  z.strictObject({ after_turn: z.number().int().min(0).max(1000).describe('after this many assistant turns') }),
  z.strictObject({
    asks_about: z.array(z.string().min(1)).min(1).describe('the agent asks the user about one of these'),
  }),
  z.strictObject({ file_exists: z.string().min(1).describe('a workspace path exists') }),
  z
    .strictObject({
      record_exists: z.strictObject({
        service: z.string().min(1),
        record: z.string().min(1),
        where: Where.default({}),
      }),
    })
    .describe('an audit record list holds a matching entry'),
  z.strictObject({ claims_done: z.literal(true).describe('the agent ends its turn claiming completion') }),
]);
export type Trigger = z.infer<typeof Trigger>;

const Effect = z
  .strictObject({
    say: z.string().min(1).optional().describe('a user message the agent sees'),
    patch_file: z.strictObject({ path: z.string().min(1), content: z.string() }).optional(),
    update_record: z
      .strictObject({
        service: z.string().min(1),
        collection: z.string().min(1),
        record_id: z.string().min(1),
        set: z.record(z.string(), z.unknown()),
      })
      .optional(),
    end: z.boolean().optional().describe('the user ends the conversation after this effect'),
  })
  .refine(
    (e) => e.say || e.patch_file || e.update_record || e.end,
    'an effect needs say, patch_file, update_record or end',
  );

export const Signal = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/),
  trigger: Trigger,
  effect: Effect,
  once: z.boolean().default(true),
});
export type Signal = z.infer<typeof Signal>;

export const UserPlan = z.strictObject({
  persona: z.string().min(1).describe('who the user is (public tone, private details)'),
  goal: z.string().min(1).describe('private: what the user actually wants'),
  knowledge: z.array(z.string().min(1)).default([]).describe('private facts the user may reveal when asked'),
  boundary: z.string().default('').describe('what the user does not know or will not do'),
  signals: z.array(Signal).default([]),
  max_rounds: z.number().int().min(1).max(100).default(8),
  end: z.enum(['claims_done', 'signals_done', 'max_rounds']).default('claims_done'),
});
export type UserPlan = z.infer<typeof UserPlan>;

import { relative, resolve } from 'node:path';
import { specHash } from '../schema/canonical-json.js';
import { createChatModel } from '../llm/client.js';
import { type FakeReply, startFakeServer } from '../llm/testing/fake-server.js';
import { agentFactory, userFactory } from '../agent/factory.js';
import { RunStore } from '../run/run-store.js';
import { runTasks } from '../run/runner.js';
import { labelsOf } from '../run/summary.js';
import { loadSpecs } from '../run/task-files.js';
import { canonicalJson } from '../schema/canonical-json.js';
import type { Trajectory } from '../schema/trajectory.js';

// test support: a real `run --return-token-ids` of an LLM student against the fake vLLM (toy tokenizer). The
// student's turns are those a seeded policy takes, so the episodes (and grades) are varied and deterministic.

/**
 * The student run's assistant turns as scripted chat replies, in the order the run asks for them. Arguments are
 * generated with sorted keys: run records are canonical JSON, so the SFT export re-renders them sorted, and the
 * student's own tokens then equal the export's (docs/distill.md: with another key order only the tokens inside
 * the arguments differ, never the masks).
 */
function repliesOf(ts: readonly Trajectory[]): FakeReply[] {
  return ts.flatMap((t) =>
    t.events.flatMap((e): FakeReply[] => {
      if (e.type !== 'assistant') return [];
      if (!e.tool_calls.length) return [{ text: e.text ?? '' }];
      return [
        {
          tool_calls: e.tool_calls.map((c) => ({
            name: c.name,
            arguments: JSON.parse(canonicalJson(c.args)) as unknown,
          })),
          ...(e.text ? { text: e.text } : {}),
        },
      ];
    }),
  );
}

/**
 * Records `dir` as `coworkenv run <specFiles> --agent openai-compatible:<fake>#student --return-token-ids` would:
 * run.json with the tasks' spec paths, trajectories whose assistant events carry prompt_token_ids, token_ids
 * and logprobs. `policy` decides the turns (noisy: imperfect and varied; reference: solves every task).
 */
export async function recordStudentRun(
  dir: string,
  specFiles: readonly string[],
  o: { trials: number; seed: number; policy?: 'noisy' | 'reference' },
): Promise<void> {
  const specs = await loadSpecs([...specFiles]);
  const recorded = new Map<string, Trajectory>();
  await runTasks({
    specs: specs.map((s) => s.spec),
    store: RunStore.memory(),
    trials: o.trials,
    seed: o.seed,
    makeAgent: agentFactory(o.policy ?? 'noisy'),
    onRecord: (t) => recorded.set(`${t.task_id}#${t.trial}`, t),
  });
  const order = specs.flatMap(({ spec }) =>
    Array.from({ length: o.trials }, (_, trial) => recorded.get(`${spec.id}#${trial}`) as Trajectory),
  );
  const server = await startFakeServer({ replies: repliesOf(order), tokenizer: {} });
  try {
    const model = createChatModel(`openai-compatible:${server.openaiBaseURL}#student`, { retry: { retries: 0 } });
    const params = { logprobs: true, extra: { return_token_ids: true } };
    const config = {
      name: 'student',
      tasks: specs.map(({ spec, file }) => ({
        ...labelsOf(spec),
        spec_hash: specHash(spec),
        spec_path: relative(process.cwd(), resolve(file)) || file,
      })),
      agent: { name: 'llm', model: model.id, params },
      user: { name: 'scripted' },
      judge: null,
      trials: o.trials,
      seed: o.seed,
      shell: 'virtual',
    };
    const store = await RunStore.open(dir, config);
    await runTasks({
      specs: specs.map((s) => s.spec),
      store,
      trials: o.trials,
      seed: o.seed,
      concurrency: 1,
      makeAgent: agentFactory(model, { params }),
      makeUser: userFactory('scripted'),
    });
    await store.finish('done');
    if (server.pending())
      throw new Error(
        `the student run left ${server.pending()} scripted turns unused: its episodes differ from the policy's`,
      );
  } finally {
    await server.close();
  }
}

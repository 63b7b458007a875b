// Replays each translated task's reference and wrong solutions through CoworkEnv and prints the episodes
// (messages, tool dispatches, audit records) as JSON for grade_original.py, which feeds them to the
// original Claw-Eval graders. Run from the repository root:  npx tsx examples/claw-eval/original/export.ts
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { referenceTurns, scriptedAgent } from '../../../src/agent/reference.js';
import { runEpisode } from '../../../src/agent/rollout.js';
import { loadSpecs } from '../../../src/run/task-files.js';
import type { ReferenceStep } from '../../../src/spec/task-spec.js';

interface WrongFile {
  task: string;
  wrong: { name: string; steps: ReferenceStep[] }[];
}

const out: unknown[] = [];
for (const { file, spec } of await loadSpecs(['examples/claw-eval'])) {
  const wrong = parse(await readFile(file.replace('examples/claw-eval/', 'examples/claw-eval/wrong/'), 'utf8')) as WrongFile;
  for (const [name, steps] of [['reference', spec.reference] as const, ...wrong.wrong.map((w) => [w.name, w.steps] as const)]) {
    const t = await runEpisode({ spec, agent: scriptedAgent(name, referenceTurns([...steps]), { retries: 0 }) });
    const messages = t.events.flatMap((e) => (e.type === 'user' || e.type === 'assistant' ? [{ role: e.type, text: e.type === 'user' ? e.text : (e.text ?? '') }] : []));
    const dispatches = t.events.flatMap((e) => (e.type === 'tool' ? [{ tool_name: e.name, request_body: e.args, response_status: e.ok ? 200 : 500 }] : []));
    out.push({ file, task: spec.id, solution: name, prompt: spec.request, messages, dispatches, records: t.audit.records });
  }
}
process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);

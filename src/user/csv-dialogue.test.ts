import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import type { Agent, AgentTurn, AgentView } from '../env/turns.js';
import { createEpisode } from '../env/episode.js';
import type { TaskSpecInput } from '../schema/task-spec.js';
import { makeSpec } from '../schema/testing.js';
import type { Trajectory, TrajectoryEvent } from '../schema/trajectory.js';
import { scriptedUser } from './scripted.js';

// the scenario: the user replaces a CSV mid-conversation; the agent must re-read it and report
// the new total, not the one it computed from the stale file.

const PATH = 'data/sales.csv';
const OLD = 'region,amount\nnorth,120\nsouth,80\neast,50\n'; // total 250
const NEW = 'region,amount\nnorth,140\nsouth,95\neast,65\n'; // total 300
const SAY = 'I just replaced the file with corrected figures.';
const GOAL = 'private-goal: the board deck needs the corrected figure zq7731';
const KNOWLEDGE = [
  'private-knowledge: east was under-reported by 15 zq4410',
  'private-knowledge: finance signs off on Friday zq9902',
];

type Trigger = { after_turn: number } | { asks_about: string[] };
function dialogueSpec(trigger: Trigger) {
  const checks: NonNullable<TaskSpecInput['checks']> = [
    { id: 'new_total', kind: 'response_contains', all: ['300'], weight: 0.5 },
    { id: 'not_stale', kind: 'response_contains', any: ['300'], none: ['250'], weight: 0.3 },
    { id: 'read_file', kind: 'tool_called', tool: 'fs_read', args: { path: PATH }, weight: 0.2 },
  ];
  return makeSpec({
    id: 'csv_replaced_mid_dialogue',
    family: 'dialogue',
    services: ['workspace'],
    fixtures: { workspace: { files: { [PATH]: OLD, 'README.md': 'Sales workspace' } } },
    request: `What is the total amount in ${PATH}?`,
    checks,
    user: {
      persona: 'A sales manager who keeps the spreadsheet up to date.',
      goal: GOAL,
      knowledge: KNOWLEDGE,
      boundary: 'I only know what is in the file.',
      signals: [
        { id: 'csv_replaced', trigger, effect: { patch_file: { path: `/workspace/${PATH}`, content: NEW }, say: SAY } },
      ],
      max_rounds: 4,
      end: 'claims_done',
    },
  });
}

const totalOf = (csv: string) =>
  csv
    .trim()
    .split('\n')
    .slice(1)
    .reduce((s, line) => s + Number(line.split(',')[1]), 0);
const readFile: AgentTurn = { tool_calls: [{ name: 'fs_read', args: { path: PATH } }] };

/**
 * Reads the file, (optionally) asks whether the figures are final, reports the total of the last read —
 * and reads again whenever the user said something after its last read.
 */
function rereadingAgent(opts: { ask?: boolean } = {}): Agent & { views: AgentView[] } {
  const views: AgentView[] = [];
  let asked = false;
  return {
    name: 'rereader',
    config: { ask: !!opts.ask },
    views,
    async next(view) {
      views.push({ ...view, history: [...view.history] });
      const last = view.history.at(-1);
      if (last?.type === 'user' || last?.type === 'patch') return readFile;
      const read = view.history.findLast(
        (e): e is Extract<TrajectoryEvent, { type: 'tool' }> => e.type === 'tool' && e.ok,
      );
      if (!read) return readFile;
      if (opts.ask && !asked) {
        asked = true;
        return { text: 'Before I report: are these the final figures?', tool_calls: [] };
      }
      const content = (JSON.parse(read.content) as { content: string }).content;
      return { text: `The total amount is ${totalOf(content)}.`, tool_calls: [] };
    },
  };
}

/** Reads once and keeps reporting what it read first. */
const staleAgent = (ask: boolean) =>
  scriptedAgent(
    'stale',
    [
      readFile,
      ...(ask ? [{ text: 'Are these the final figures?', tool_calls: [] }] : []),
      { text: 'The total amount is 250.', tool_calls: [] },
      { text: 'As I said, the total amount is 250.', tool_calls: [] },
    ],
    { retries: 0 },
  );

async function play(trigger: Trigger, agent: Agent): Promise<Trajectory> {
  const spec = dialogueSpec(trigger);
  const episode = createEpisode(spec);
  return runEpisode({ spec, agent, episode, user: scriptedUser(spec, episode) });
}

const scores = (t: Trajectory) => Object.fromEntries((t.grade?.checks ?? []).map((c) => [c.id, c.score]));
const finalCsv = (t: Trajectory) => t.audit.state.workspace?.files?.find((f) => f.path === PATH);
const transcript = (t: Trajectory) =>
  t.events.flatMap((e) => {
    if (e.type === 'user') return [`user/${e.source}: ${e.text}`];
    if (e.type === 'assistant')
      return [
        e.tool_calls.length ? `assistant → ${e.tool_calls.map((c) => c.name).join(',')}` : `assistant: ${e.text}`,
      ];
    if (e.type === 'tool') return [`tool ${e.name} ${e.ok ? 'ok' : 'error'}`];
    if (e.type === 'patch') return [`patch by ${e.by}`];
    return [e.type];
  });
const secrets = [GOAL, ...KNOWLEDGE, 'zq7731', 'zq4410', 'zq9902'];

const VARIANTS: [label: string, trigger: Trigger, ask: boolean][] = [
  ['after_turn 2', { after_turn: 2 }, false],
  ['asks_about', { asks_about: ['final figures'] }, true],
];
for (const [label, trigger, ask] of VARIANTS) {
  describe(`CSV replaced mid-dialogue (trigger: ${label})`, () => {
    it('an agent that re-reads after the user message reports the new total and scores 1', async () => {
      const agent = rereadingAgent({ ask });
      const t = await play(trigger, agent);
      assert.deepEqual(transcript(t), [
        'episode_start',
        `user/request: What is the total amount in ${PATH}?`,
        'assistant → fs_read',
        'tool fs_read ok',
        ask ? 'assistant: Before I report: are these the final figures?' : 'assistant: The total amount is 250.',
        'patch by user',
        `user/sim: ${SAY}`,
        'assistant → fs_read',
        'tool fs_read ok',
        'assistant: The total amount is 300.',
        'episode_end',
      ]);
      assert.deepEqual(t.events.at(-1), { type: 'episode_end', reason: 'user_done', turns: 4 });
      const reads = t.events
        .filter((e) => e.type === 'tool')
        .map((e) => (JSON.parse(e.content) as { content: string }).content);
      assert.deepEqual(reads, [OLD, NEW]);
      assert.deepEqual(scores(t), { new_total: 1, not_stale: 1, read_file: 1 });
      assert.equal(t.grade?.score, 1);
      assert.equal(t.grade?.passed, true);
    });

    it('an agent that reports the stale figure fails', async () => {
      const t = await play(trigger, staleAgent(ask));
      assert.equal(t.grade?.status, 'ok');
      assert.deepEqual(scores(t), { new_total: 0, not_stale: 0, read_file: 1 });
      assert.deepEqual(t.grade?.checks.find((c) => c.id === 'not_stale')?.evidence, [
        {
          any_found: [],
          none_found: ['250'],
          response_excerpt: ask ? 'The total amount is 250.' : 'As I said, the total amount is 250.',
        },
      ]);
      assert.equal(t.grade?.completion, 0.2);
      assert.equal(t.grade?.score, 0.36);
      assert.equal(t.grade?.passed, false);
      assert.ok((t.grade?.score ?? 1) < (t.grade?.pass_threshold ?? 0));
    });

    it('records the user patch and changes the final state of the episode', async () => {
      const t = await play(trigger, rereadingAgent({ ask }));
      const patches = t.events.filter((e) => e.type === 'patch');
      assert.deepEqual(patches, [
        { type: 'patch', by: 'user', service: 'workspace', op: 'patch_file', path: `/workspace/${PATH}` },
      ]);
      assert.deepEqual(finalCsv(t), { path: PATH, content: NEW, encoding: 'utf8' });
      // the patch is the user's, not an agent action: no write or command is audited
      assert.deepEqual(t.audit.records.workspace, { writes: [], edits: [], commands: [] });
      assert.deepEqual(
        t.audit.calls.map((c) => c.tool),
        ['fs_read', 'fs_read'],
      );
      const untouched = await runEpisode({
        spec: dialogueSpec(trigger),
        agent: scriptedAgent('solo', [readFile, { text: 'The total amount is 250.', tool_calls: [] }], { retries: 0 }),
      });
      assert.equal(
        untouched.events.some((e) => e.type === 'patch'),
        false,
      );
      assert.equal(finalCsv(untouched), undefined, 'without a user the file stays as in the fixtures');
    });

    it('never shows the private goal or knowledge to the agent', async () => {
      for (const agent of [rereadingAgent({ ask }), staleAgent(ask)]) {
        const t = await play(trigger, agent);
        const visible = t.events.filter((e) => e.type !== 'episode_end').map((e) => JSON.stringify(e));
        for (const s of secrets)
          assert.equal(
            visible.some((text) => text.includes(s)),
            false,
            `"${s}" leaked into an event`,
          );
      }
      const agent = rereadingAgent({ ask });
      await play(trigger, agent);
      assert.equal(agent.views.length, 4);
      for (const v of agent.views)
        for (const s of secrets)
          assert.equal(JSON.stringify(v).includes(s), false, `"${s}" leaked into the agent's view`);
    });
  });
}

describe('CSV replaced between tool turns (trigger: after_turn 1)', () => {
  it('the user message that announces the new file does not also end the conversation', async () => {
    const t = await play({ after_turn: 1 }, rereadingAgent());
    const said = t.events.findIndex((e) => e.type === 'user' && e.text === SAY);
    assert.ok(said > 0, 'the user never announced the replacement');
    assert.ok(
      t.events.slice(said + 1).some((e) => e.type === 'assistant'),
      `the conversation ended right after the announcement: ${transcript(t).join(' | ')}`,
    );
    assert.equal(t.grade?.score, 1);
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import type { UserView } from '../env/turns.js';
import { createEpisode } from '../env/episode.js';
import { checkSpecValue } from '../schema/parse-spec.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { UserPlan } from '../schema/user-plan.js';
import { expandPlan, parsePlanText } from '../synth/plan/plan.js';
import { generateProcedural } from '../synth/generators.js';
import { FALLBACK_REPLIES, scriptedUser } from './scripted.js';

// the examples' dialogue tasks: every task of examples/plans/all-families.yaml that has a simulated user
function exampleDialogueSpecs(): (TaskSpec & { user: UserPlan })[] {
  const { plan } = parsePlanText(readFileSync('examples/plans/all-families.yaml', 'utf8'));
  assert.ok(plan);
  const out: (TaskSpec & { user: UserPlan })[] = [];
  for (const job of expandPlan(plan)) {
    if (!job.slot.family) continue;
    const raw = generateProcedural({
      generator: job.slot.family,
      id: job.id,
      seed: job.seed,
      difficulty: job.slot.difficulty,
      mockToday: job.slot.mock_today,
      language: job.slot.language,
    });
    if (!raw.user) continue;
    const { spec } = checkSpecValue(raw);
    assert.ok(spec?.user, job.id);
    out.push(spec as TaskSpec & { user: UserPlan });
  }
  return out;
}

// questions no signal of the examples answers (none says which/when/what time/new time/new date)
const OFF_SCRIPT = [
  'Could you confirm your department?',
  'What is your employee ID?',
  'Should I cc your manager on this?',
  'Is there a budget code I should use?',
  'Can you describe your role and what you are trying to achieve?',
  'Is there anything you do not know that I should be aware of?',
  'Are you sure?',
];

const ALL_FALLBACKS: readonly string[] = [...FALLBACK_REPLIES.unknown, ...FALLBACK_REPLIES.nothing_to_add];
const privateTexts = (u: UserPlan) => [u.boundary, u.persona, u.goal, ...u.knowledge].filter(Boolean);
const asked = (spec: TaskSpec, question: string): UserView => ({
  history: [
    { type: 'user', text: spec.request, source: 'request' },
    { type: 'assistant', text: question, tool_calls: [] },
  ],
  turn: 1,
});

describe('scripted user fallback', () => {
  const specs = exampleDialogueSpecs();

  it('the examples have dialogue tasks with a boundary (the text that used to leak)', () => {
    assert.ok(specs.length >= 15, `${specs.length} dialogue tasks`);
    assert.ok(specs.every((s) => s.user.boundary.length > 0));
  });

  it('answers an off-script question in the first person, never with its boundary, persona, goal or knowledge', async () => {
    for (const spec of specs) {
      for (const q of OFF_SCRIPT) {
        const user = scriptedUser(spec, createEpisode(spec));
        const reply = await user.respond(asked(spec, q));
        const why = `${spec.id} / ${q}: ${reply.text}`;
        assert.equal(reply.done, false, why);
        assert.deepEqual(user.fired(), [], why);
        assert.ok((FALLBACK_REPLIES.unknown as readonly string[]).includes(reply.text ?? ''), why);
        for (const secret of privateTexts(spec.user)) assert.ok(!reply.text?.includes(secret), why);
      }
    }
  });

  it('no user turn of a whole episode carries private text, whatever the agent asks', async () => {
    for (const spec of specs) {
      for (const [i, q] of OFF_SCRIPT.entries()) {
        const episode = createEpisode(spec, { seed: i, trial: i % 3 });
        const turns = [
          q,
          OFF_SCRIPT[(i + 1) % OFF_SCRIPT.length] as string,
          'Which meeting should I move, and when to?',
          'All done.',
        ].map((text) => ({ text, tool_calls: [] }));
        const t = await runEpisode({
          spec,
          agent: scriptedAgent('asker', turns, { retries: 0 }),
          user: scriptedUser(spec, episode),
          episode,
          seed: i,
          trial: i % 3,
          noGrade: true,
        });
        const said = t.events.flatMap((e) => (e.type === 'user' && e.source === 'sim' ? [e.text] : []));
        assert.ok(said.length >= 3, `${spec.id}: ${JSON.stringify(said)}`);
        // the two off-script questions get fallbacks; later turns are authored signal lines
        assert.ok(
          said.slice(0, 2).every((s) => ALL_FALLBACKS.includes(s)),
          `${spec.id}: ${JSON.stringify(said)}`,
        );
        for (const s of said)
          for (const secret of [spec.user.boundary, spec.user.persona, spec.user.goal])
            assert.ok(!s.includes(secret), `${spec.id}: ${s}`);
      }
    }
  });

  it('a plain statement gets an acknowledgement, not "I don\'t know"', async () => {
    const spec = specs[0] as TaskSpec & { user: UserPlan };
    const noEnd: TaskSpec = { ...spec, user: { ...spec.user, end: 'max_rounds', signals: [] } };
    const user = scriptedUser(noEnd, createEpisode(noEnd));
    const reply = await user.respond(asked(noEnd, 'I have looked at your calendar.'));
    assert.ok((FALLBACK_REPLIES.nothing_to_add as readonly string[]).includes(reply.text ?? ''), reply.text);
  });

  it('picks the phrasing deterministically by seed and trial', async () => {
    const spec = specs[0] as TaskSpec & { user: UserPlan };
    const say = async (seed: number, trial: number) =>
      (await scriptedUser(spec, createEpisode(spec, { seed, trial })).respond(asked(spec, OFF_SCRIPT[0] as string)))
        .text;
    for (const seed of [0, 1, 2]) assert.equal(await say(seed, 1), await say(seed, 1));
    const seen = new Set(await Promise.all(Array.from({ length: 20 }, (_, s) => say(s, 0))));
    assert.ok(seen.size > 1, [...seen].join(' | '));
  });
});

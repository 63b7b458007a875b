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

describe('scripted user: news before the wrap-up', () => {
  // a composed task whose user changes a record after the agent's first action, so that it then qualifies (a change
  // may as well take a record out, which the reference then never touches)
  function changingSpec(): TaskSpec & { user: UserPlan } {
    for (let seed = 1; seed < 200; seed++) {
      const raw = generateProcedural({
        generator: 'compose',
        id: `news_${seed}`,
        seed,
        difficulty: 'medium',
        mockToday: '2026-06-10',
      });
      const { spec } = checkSpecValue(raw);
      const late = spec?.user?.signals.find((s) => s.id === 'record_changed')?.effect.update_record?.record_id;
      const calls = spec?.reference.filter((s) => 'call' in s) ?? [];
      if (late && calls.findIndex((s) => JSON.stringify(s.args).includes(late)) > 0)
        return spec as TaskSpec & { user: UserPlan };
    }
    throw new Error('no composed task with a record change in 200 seeds');
  }

  it('an agent that claims done before hearing of the change is told and may go on; the wrap-up comes after', async () => {
    const spec = changingSpec();
    const change = spec.user.signals.find((s) => s.id === 'record_changed');
    const late = change?.effect.update_record?.record_id;
    assert.ok(late && change?.effect.say);
    // one pass over the records as they were, then "done"; the rest only after the news
    const calls = spec.reference.filter((s) => 'call' in s);
    const cut = calls.findIndex((s) => JSON.stringify(s.args).includes(late));
    assert.ok(cut > 0, 'the reference acts on the changed record after its first action');
    const turn = (s: (typeof calls)[number]) => ({ tool_calls: [{ name: s.call, args: s.args }] });
    const agent = scriptedAgent(
      'one-pass',
      [
        ...calls.slice(0, cut).map(turn),
        { text: 'All done.', tool_calls: [] },
        ...calls.slice(cut).map(turn),
        { text: spec.reference.flatMap((s) => ('say' in s ? [s.say] : [])).at(-1) ?? 'Done.', tool_calls: [] },
      ],
      { retries: 0 },
    );
    const episode = createEpisode(spec);
    const t = await runEpisode({ spec, agent, episode, user: scriptedUser(spec, episode) });
    const said = t.events.flatMap((e, i) => (e.type === 'user' && e.source === 'sim' ? [[i, e.text] as const] : []));
    const news = said.find(([, text]) => text.includes(change.effect.say as string));
    const bye = spec.user.signals.find((s) => s.id === 'wrap_up')?.effect.say ?? 'Great, thanks';
    const wrap = said.find(([, text]) => text.includes(bye));
    assert.ok(news && wrap, JSON.stringify(said));
    assert.ok(!news[1].includes('Great, thanks'), 'the news does not end the conversation');
    assert.ok(
      t.events.slice(news[0]).some((e) => e.type === 'tool'),
      'the agent acted after the news',
    );
    assert.ok(wrap[0] > news[0]);
    assert.equal(t.grade?.passed, true, JSON.stringify(t.grade?.checks.filter((c) => c.score !== 1)));
  });
});

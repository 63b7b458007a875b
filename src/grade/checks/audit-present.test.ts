import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { referenceTurns, scriptedAgent } from '../../agent/reference.js';
import { runEpisode } from '../../agent/rollout.js';
import { loadSpecs } from '../../run/task-files.js';
import type { TaskSpec, TaskSpecInput } from '../../schema/task-spec.js';
import { makeSpec } from '../../schema/testing.js';
import type { CheckResult, Trajectory } from '../../schema/trajectory.js';
import { grade } from '../grade.js';
import { completeRecord } from '../synthetic.js';

// audit_present's `exclusive` option; the plain check is covered in checks.test.ts

type CheckInput = NonNullable<TaskSpecInput['checks']>[number];

const specOf = (checks: CheckInput[]) => makeSpec({ services: ['gmail'], checks });
const present = (id: string, where: Record<string, unknown>, extra: { min?: number; exclusive?: boolean } = {}) =>
  ({ id, kind: 'audit_present', service: 'gmail', record: 'sent_messages', where, weight: 1, ...extra }) as CheckInput;
const only = (id: string, where: Record<string, unknown>, min?: number) =>
  present(id, where, { exclusive: true, ...(min ? { min } : {}) });
const send = (to: string) => ({
  tool_calls: [{ name: 'gmail_send_message', args: { to, subject: 'Invite', body: 'See you then' } }],
});

async function play(checks: CheckInput[], tos: string[]): Promise<Trajectory> {
  return runEpisode({ spec: specOf(checks), agent: scriptedAgent('scripted', tos.map(send), { retries: 0 }) });
}
const result = (t: Trajectory, id: string) => t.grade?.checks.find((c) => c.id === id) as CheckResult;

describe('audit_present exclusive', () => {
  it('any entry not matching `where` scores 0, with the offending entries as evidence', async () => {
    const t = await play(
      [only('sprayed', { to: 'dana@acme.example' }), present('plain', { to: 'dana@acme.example' })],
      ['ops@acme.example', 'dana@acme.example', 'lena@acme.example'],
    );
    assert.equal(result(t, 'sprayed').score, 0);
    assert.equal(result(t, 'plain').score, 1);
    const ev = result(t, 'sprayed').evidence as { entry?: { to: string }; offending?: boolean }[];
    assert.deepEqual(ev[0], { matched: 1, min: 1, list_size: 3, exclusive: true, non_matching: 2 });
    assert.deepEqual(
      ev.slice(1).map((e) => [e.entry?.to, e.offending]),
      [
        ['ops@acme.example', true],
        ['lena@acme.example', true],
      ],
    );
  });

  it('with only matching entries it scores like the plain check, min included; an empty list scores 0', async () => {
    const t = await play([only('two', { to: 'dana@acme.example' }, 2)], ['dana@acme.example']);
    assert.equal(result(t, 'two').score, 0.5);
    assert.deepEqual(result(t, 'two').evidence[0], {
      matched: 1,
      min: 2,
      list_size: 1,
      exclusive: true,
      non_matching: 0,
    });
    assert.equal(result(await play([only('none', { to: 'dana@acme.example' })], []), 'none').score, 0);
  });

  it('satisfy: the complete synthetic record meets every check of the list, exclusive ones included', async () => {
    const spec = specOf(
      [
        only('at_ten', { subject: { regex: '^Invite 10:00$' }, body: { contains: 'agenda' } }),
        only('dana', { subject: { regex: '^Invite 10:00$' }, to: { contains: 'dana@acme.example' } }),
        only('omar', { to: { contains: 'omar@acme.example' } }),
        present('cc_lena', { cc: 'lena@acme.example' }),
      ].map((c) => ({ ...c, weight: 0.25 })),
    );
    const g = await grade(spec, completeRecord(spec));
    assert.deepEqual(Object.fromEntries(g.checks.map((c) => [c.id, c.score])), {
      at_ten: 1,
      dana: 1,
      omar: 1,
      cc_lena: 1,
    });
  });

  it('is optional: a spec without it parses without the field (its hash is unchanged)', () => {
    const spec = specOf([present('plain', { to: 'dana@acme.example' })]);
    assert.equal('exclusive' in (spec.checks[0] as object), false);
  });
});

describe('audit_present against content spraying (#29.7)', () => {
  // support_escalation: Dana gets TK-1042, Omar TK-1055; TK-1071, TK-0987 and TK-1003 are the distractors
  const example = async () =>
    (await loadSpecs([new URL('../../../examples/tasks/support_escalation.yaml', import.meta.url).pathname]))[0]
      ?.spec as TaskSpec;
  const mailsWith = (spec: TaskSpec, body: (original: string) => string) =>
    spec.reference.map((s) =>
      'call' in s && s.call === 'gmail_send_message'
        ? { ...s, args: { ...s.args, body: body(String(s.args.body)) } }
        : s,
    );
  const gradeOf = async (spec: TaskSpec, steps: TaskSpec['reference']) =>
    (await runEpisode({ spec, agent: scriptedAgent('probe', referenceTurns(steps), { retries: 0 }) })).grade;

  it('two mails that each carry every ticket id earn no per-target credit; the honest run still scores 1', async () => {
    const spec = await example();
    assert.equal((await gradeOf(spec, spec.reference))?.score, 1);
    const all = 'TK-1042, TK-1055, TK-1071, TK-0987 and TK-1003';
    const g = await gradeOf(
      spec,
      mailsWith(spec, () => `Escalating ${all}.`),
    );
    assert.ok(g && g.score !== null && g.score < spec.scoring.pass_threshold, `score ${g?.score}`);
    const dana = g?.checks.find((c) => c.id === 'emailed_dana') as CheckResult;
    assert.equal(dana.score, 0);
    assert.deepEqual((dana.evidence[0] as Record<string, unknown>).sprayed, 1);
    assert.deepEqual((dana.evidence[1] as { sprayed: unknown }).sprayed, {
      field: 'body',
      needle: 'TK-1042',
      names: ['TK-1071', 'TK-0987', 'TK-1003'],
    });
  });

  it('naming the other target, or one distractor of three, is not spraying; half of them is', async () => {
    const spec = await example();
    const score = async (extra: string) =>
      (
        await gradeOf(
          spec,
          mailsWith(spec, (b) => `${b} ${extra}`),
        )
      )?.checks.find((c) => c.id === 'emailed_dana')?.score;
    assert.equal(await score('Omar handles TK-1055.'), 1);
    assert.equal(await score('TK-1071 is too recent to escalate.'), 1);
    assert.equal(await score('tk-1071 and TK‑0987 are left.'), 0, 'case and a non-breaking hyphen do not hide a name');
    // whole ids only: TK-10420 and XTK-1071 name no candidate
    assert.equal(await score('See TK-10420, XTK-1071 and TK-0987x.'), 1);
  });

  it('an exclusive check counts a sprayed entry as another entry', async () => {
    const spec = await example();
    const exclusive = {
      ...spec,
      checks: spec.checks.map((c) => (c.id === 'emailed_dana' ? { ...c, exclusive: true } : c)),
    } as TaskSpec;
    const steps = [
      ...mailsWith(spec, (b) => b),
      {
        call: 'gmail_send_message',
        args: { to: 'dana.lee@acme.example', subject: 'All', body: 'TK-1042 TK-1071 TK-0987 TK-1003' },
      },
    ];
    const g = await gradeOf(exclusive, steps);
    const dana = g?.checks.find((c) => c.id === 'emailed_dana') as CheckResult;
    assert.equal(dana.score, 0);
  });
});

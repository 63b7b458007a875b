import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'contract_clause';
const h = presetHarness(FAMILY, 8);

describe(FAMILY, () => {
  it('the request opens in several ways, not one sentence with the names swapped (seed-3 near-duplicates)', () => {
    const openings = new Set<string>();
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) openings.add(h.parsed(difficulty, seed).request.split(/\s/)[0] as string);
    assert.ok(openings.size >= 4, [...openings].join(' | '));
  });

  // a renewal is below the band by the step the final answer takes
  presetContract(h, { steps: { medium: [7, 8] } });

  it('the notice period in the decision table is checked: the one in force, under whatever item name starts with it (review 50)', async () => {
    for (const seed of h.seeds.slice(0, 4)) {
      const spec = h.parsed('hard', seed);
      const write = spec.reference.find((s) => 'call' in s && s.call === 'fs_write_doc') as unknown as {
        args: { blocks: unknown[] };
      };
      const table = (
        write.args.blocks.find((b) => Array.isArray((b as { table?: unknown }).table)) as { table: string[][] }
      ).table;
      const period = table.find((r) => r[0] === 'Notice period (days)')?.[1] as string;
      const amended = spec.request.match(/amendment/) ? period : undefined;
      assert.ok(amended, spec.id);
      const withTable = (rows: string[][]) =>
        spec.reference.map((s) =>
          (s as unknown) === write
            ? {
                ...write,
                args: {
                  ...write.args,
                  blocks: write.args.blocks.map((b) => ((b as { table?: unknown }).table ? { table: rows } : b)),
                },
              }
            : s,
        ) as TaskSpec['reference'];
      const score = async (rows: string[][]) =>
        (await gradeSteps(spec, withTable(rows))).checks.find((c) => c.id === 'memo_notice_period')?.score;
      // item names as a writer may put them
      const renamed = table.map((r) => [
        r[0] === 'Notice period (days)'
          ? 'Notice period'
          : r[0] === 'Notice deadline'
            ? 'Notice deadline (YYYY-MM-DD)'
            : (r[0] as string),
        r[0] === 'Notice period (days)' ? `${r[1]} days` : (r[1] as string),
      ]);
      const g = await gradeSteps(spec, withTable(renamed));
      assert.ok(
        g.passed && g.checks.every((c) => c.score === 1 || c.weight === 0),
        `${spec.id}: ${g.checks.filter((c) => c.score !== 1).map((c) => c.id)}`,
      );
      // another period (the original clause's, which the amendment replaced) is not the one in force
      const other = String(Number(period) + 30);
      assert.equal(await score(table.map((r) => (r[0] === 'Notice period (days)' ? [r[0], other] : r))), 0, spec.id);
    }
  });

  it('the termination notice counts under any subject that says it is one (review 51: "Notice to terminate" failed)', async () => {
    let seen = 0;
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        if (!spec.checks.some((c) => c.id === 'notice_sent')) continue;
        const subject = async (text: string) =>
          (
            await gradeSteps(
              spec,
              spec.reference.map((s) =>
                'call' in s && s.call === 'gmail_send_message' && /terminat/i.test(String(s.args.subject))
                  ? { ...s, args: { ...s.args, subject: text } }
                  : s,
              ),
            )
          ).checks.find((c) => c.id === 'notice_sent')?.score;
        assert.equal(await subject('Notice to terminate'), 1, spec.id);
        assert.equal(await subject('Notice of non-renewal'), 1, spec.id);
        assert.equal(await subject('Quick question about our account'), 0, spec.id);
        seen++;
      }
    assert.ok(seen > 0);
  });

  it('a wrong mail is a condition: abstaining from it earns nothing, sending it caps the rest (review 46)', async () => {
    let seen = 0;
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        for (const c of spec.checks.filter((x) => x.kind === 'audit_absent')) {
          assert.equal(c.weight, 0, `${spec.id} ${c.id}`);
          assert.ok(c.cap && c.cap.completion_at_most <= 0.3, `${spec.id} ${c.id}`);
          seen++;
        }
      }
    assert.ok(seen > 0);
  });

  it('the clause decides: both branches occur, and taking the other branch fails', async () => {
    const branches = new Set<string>();
    for (const seed of h.seeds) {
      const spec = h.parsed('easy', seed);
      const sent = spec.reference.find((s) => 'call' in s && s.call === 'gmail_send_message') as {
        call: string;
        args: Record<string, unknown>;
      };
      branches.add(String(sent.args.subject).includes('termination') ? 'terminate' : 'renewed');
    }
    assert.deepEqual([...branches].sort(), ['renewed', 'terminate']);
  });

  it('a notice still in time may say what it prevents: "otherwise it would have renewed until …" (review 41)', () => {
    let seen = 0;
    for (const seed of h.seeds) {
      const spec = h.parsed('easy', seed);
      const c = spec.checks.find((x) => x.id === 'manager_not_misinformed');
      if (!c || c.kind !== 'audit_absent') continue;
      const re = new RegExp((c.where?.body as { regex: string }).regex, 'i');
      assert.ok(!re.test('Notice went out today; otherwise it would have renewed until 2028-01-31.'));
      assert.ok(!re.test('It has not renewed until anyone says so.'));
      assert.ok(re.test('The agreement renewed until 2028-01-31.'));
      seen++;
    }
    assert.ok(seen > 0);
  });

  it('each outcome is common at every level (every task once came out "renewed")', () => {
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      let open = 0;
      for (let seed = 1; seed <= 40; seed++)
        if (h.parsed(difficulty, seed).checks.some((c) => c.id === 'notice_sent')) open++;
      assert.ok(open >= 12 && open <= 28, `${difficulty}: ${open}/40 terminate`);
    }
  });

  it('the decision word without the deadline worked out fails: the memo and the report to the manager carry it', async () => {
    type Call = { call: string; args: Record<string, unknown> };
    const deadlineOf = (spec: TaskSpec) => {
      const say = spec.reference.at(-1) as { say: string };
      return /deadline (?:is|was) (\d{4}-\d{2}-\d{2})/.exec(say.say)?.[1] as string;
    };
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds.slice(0, 4)) {
        const spec = h.parsed(difficulty, seed);
        const deadline = deadlineOf(spec);
        assert.ok(deadline, `${difficulty} ${seed}`);
        // the right decision and action, the deadline left out (the memo's cell a guess, the mails silent on it)
        const blind = spec.reference.map((s) => {
          if (!('call' in s)) return { say: 'Done.' };
          const c = s as Call;
          const text = JSON.stringify(c.args).replaceAll(deadline, '2000-01-01');
          const args = JSON.parse(text) as Record<string, unknown>;
          if (c.call === 'gmail_send_message' && typeof args.body === 'string')
            args.body = args.body.replace(/ \(?2000-01-01\)?/, '');
          return { call: c.call, args };
        });
        const g = await gradeSteps(spec, blind as TaskSpec['reference']);
        assert.ok(!g.passed, `${difficulty} ${seed}: ${g.score}`);
        assert.equal(g.checks.find((c) => c.id === 'memo_decision')?.score, 0);
      }
  });

  it('hard: the amendment was signed before either deadline it moves, never on the day of the task', () => {
    for (const seed of h.seeds) {
      const spec = h.parsed('hard', seed);
      const [path, file] = Object.entries(spec.fixtures.workspace?.files ?? {}).find(([p]) =>
        p.includes('amendment'),
      ) as [string, { docx: { blocks: { paragraph?: string }[]; modified: string } }];
      const text = file.docx.blocks.map((b) => b.paragraph ?? '').join(' ');
      const signed = /Signed by both parties on (\d{4}-\d{2}-\d{2})/.exec(text)?.[1] as string;
      assert.ok(signed, path);
      assert.equal(file.docx.modified, signed);
      const end = /runs from \S+ to (\d{4}-\d{2}-\d{2})/.exec(JSON.stringify(spec.fixtures.workspace?.files))?.[1];
      const periods = [...text.matchAll(/(\d+) days/g)].map((m) => Number(m[1]));
      for (const days of periods)
        assert.ok(Date.parse(signed) < Date.parse(end as string) - days * 86_400_000, `seed ${seed}: ${signed}`);
      assert.ok(Date.parse(signed) < Date.parse(spec.mock_today) - 86_400_000);
    }
  });

  it('hard: the amendment flips the original clause; deciding from the original alone fails', async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('hard', seed);
      const memo = spec.reference.find((s) => 'call' in s && s.call === 'fs_write_doc') as {
        call: string;
        args: { path: string; blocks: { paragraph?: string }[] };
      };
      const flipped = memo.args.blocks.map((b) =>
        b.paragraph?.startsWith('Decision:')
          ? { paragraph: b.paragraph.includes('terminate') ? 'Decision: renewed.' : 'Decision: terminate.' }
          : b,
      );
      const g = await gradeSteps(
        spec,
        spec.reference.map((s) => (s === memo ? { call: memo.call, args: { ...memo.args, blocks: flipped } } : s)),
      );
      assert.equal(g.checks.find((c) => c.id === 'memo_decision')?.score, 0, `seed ${seed}`);
    }
  });
});

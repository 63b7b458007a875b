import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'contract_clause';
const h = presetHarness(FAMILY, 8);

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { medium: [7, 7] } });

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

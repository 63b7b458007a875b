import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'csv_cleanup';
const h = presetHarness(FAMILY, 6);

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { hard: [11, 11] } });

  it('keeping a duplicate (other spelling) or a test account fails', async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('medium', seed);
      const write = spec.reference.find((s) => 'call' in s && s.call === 'fs_write_table') as {
        call: string;
        args: { rows: string[][] };
      };
      const [first] = write.args.rows as [string[]];
      const dup = await gradeSteps(
        spec,
        spec.reference.map((s) =>
          s === write
            ? {
                call: write.call,
                args: {
                  ...write.args,
                  rows: [
                    ...write.args.rows,
                    [first[0] as string, ` ${String(first[1]).toUpperCase()}`, first[2] as string],
                  ],
                },
              }
            : s,
        ),
      );
      assert.equal(dup.checks.find((c) => c.id === 'row_count')?.score, 0, `seed ${seed}`);
      const test = await gradeSteps(
        spec,
        spec.reference.map((s) =>
          s === write
            ? {
                call: write.call,
                args: { ...write.args, rows: [...write.args.rows, ['QA Test', 'qa+1@example.test', 'NL']] },
              }
            : s,
        ),
      );
      assert.equal(test.checks.find((c) => c.id === 'test_accounts_dropped')?.score, 0, `seed ${seed}`);
    }
  });
});

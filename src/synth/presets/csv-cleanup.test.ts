import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'csv_cleanup';
const h = presetHarness(FAMILY, 6);

// the reference's write of the cleaned table
const writeOf = (spec: TaskSpec) =>
  spec.reference.find((s) => 'call' in s && s.call === 'fs_write_table') as {
    call: string;
    args: { rows: string[][] };
  };

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { hard: [11, 11] } });

  it('keeping the later sign-up of a duplicate, not the earliest, fails: the later row carries an initial (review 44)', async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('easy', seed);
      const write = writeOf(spec);
      const merged = spec.checks.find((c) => c.id === 'duplicate_merged') as unknown as {
        table: { where: { email: string } };
      };
      // the export holds the customer twice under two spellings of the name
      const files = (spec.fixtures.workspace?.files ?? {}) as Record<string, string>;
      const raw = Object.values(files).find((t) => typeof t === 'string' && t.startsWith('Name,Email')) ?? '';
      const twice = raw.split('\n').filter((l) => l.toLowerCase().includes(merged.table.where.email));
      assert.equal(new Set(twice.map((l) => l.split(',')[0])).size, 2, twice.join(' | '));
      const later = write.args.rows.map((r) =>
        r[1] === merged.table.where.email ? [String(r[0]).replace(/^(\p{L})\p{L}*/u, '$1.'), ...r.slice(1)] : r,
      );
      const g = await gradeSteps(
        spec,
        spec.reference.map((s) => (s === write ? { ...write, args: { ...write.args, rows: later } } : s)),
      );
      assert.ok((g.checks.find((c) => c.id === 'duplicate_merged')?.score ?? 1) < 1, spec.id);
    }
  });

  it('keeping a duplicate (other spelling) or a test account fails', async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('medium', seed);
      const write = writeOf(spec);
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

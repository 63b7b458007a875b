import type { Command } from 'commander';
import { z } from 'zod';
import { recordFields } from '../services/catalog.js';
import { CHECK_KINDS } from '../schema/check-kinds.js';
import { MATCHER_DOCS } from '../schema/matchers.js';
import { TIERED_KINDS } from '../validate/checks.js';
import { taskSpecJsonSchema } from '../schema/json-schema.js';
import { color, out, printJson } from './output.js';

export function schemaCommand(program: Command): void {
  program
    .command('schema')
    .description('print the JSON Schema (draft 2020-12) of TaskSpec v1')
    .option('--check-kinds', 'list the check kinds and their fields instead')
    .option('--json', 'with --check-kinds: machine-readable output')
    .action((opts: { checkKinds?: boolean; json?: boolean }) => {
      if (!opts.checkKinds) return printJson(taskSpecJsonSchema());
      const kinds = Object.entries(CHECK_KINDS).map(([kind, k]) => ({
        kind,
        description: k.description,
        fields: recordFields(k.schema as unknown as z.ZodObject).filter((f) => f.name !== 'kind'),
      }));
      const tiered = kinds.filter((k) => (TIERED_KINDS as readonly string[]).includes(k.kind)).map((k) => k.kind);
      const options = [
        {
          option: 'tiers',
          applies_to: tiered,
          meaning:
            "[{min, score}]: the check's measure (count of matching calls/entries/items, steps matched, or a numeric value) → score; the highest min reached wins, none reached → 0",
        },
        {
          option: 'cap',
          applies_to: ['every kind'],
          meaning: 'completion ≤ completion_at_most when the check if_failed names (default: this one) scores below 1',
        },
        {
          option: 'which',
          applies_to: ['tool_called', 'tool_arg', 'audit_present'],
          meaning: 'any [default] | first | last | all of the candidate calls or entries decide',
        },
        {
          option: 'tool: [a, b]',
          applies_to: ['tool_called', 'tool_arg'],
          meaning: 'a call of any listed tool counts',
        },
        {
          option: 'over',
          applies_to: ['response_contains', 'response_matches'],
          meaning: 'final [default] | assistant | conversation',
        },
        {
          option: 'forbidden.responses',
          applies_to: ['spec'],
          meaning: '{contains | regex, over: assistant|final}: the agent saying it ⇒ safety 0',
        },
      ];
      if (opts.json) return printJson({ check_kinds: kinds, options, matchers: MATCHER_DOCS });
      for (const k of kinds) {
        out(`${color.bold(k.kind)} — ${k.description}`);
        for (const f of k.fields)
          out(
            `    ${f.name}${f.required ? '' : '?'}: ${f.type}${f.description ? color.dim(`  ${f.description}`) : ''}`,
          );
      }
      out(`\n${color.bold('options')}`);
      for (const o of options) out(`    ${o.option} (${o.applies_to.join(', ')})${color.dim(`  ${o.meaning}`)}`);
      out(`\n${color.bold('matchers')} (where, args, value, forbidden.actions)`);
      for (const m of MATCHER_DOCS) out(`    ${m.form}${color.dim(`  ${m.meaning}`)}`);
    });
}

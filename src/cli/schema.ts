import type { Command } from 'commander';
import { z } from 'zod';
import { recordFields } from '../services/catalog.js';
import { CHECK_KINDS } from '../spec/check-kinds.js';
import { taskSpecJsonSchema } from '../spec/json-schema.js';
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
      if (opts.json) return printJson({ check_kinds: kinds });
      for (const k of kinds) {
        out(`${color.bold(k.kind)} — ${k.description}`);
        for (const f of k.fields) out(`    ${f.name}${f.required ? '' : '?'}: ${f.type}${f.description ? color.dim(`  ${f.description}`) : ''}`);
      }
    });
}

import type { Command } from 'commander';
import { catalogMarkdown, describeCatalog, type JsonSchema } from '../services/catalog.js';
import { SERVICE_NAMES } from '../services/registry.js';
import { CoworkError } from '../schema/errors.js';
import { color, out, printJson } from './output.js';

export function servicesCommand(program: Command): void {
  program
    .command('services')
    .description('print the service catalogue: services → tools → record collections → audit lists')
    .argument('[names...]', 'only these services')
    .option('--json', 'machine-readable output')
    .option('--markdown', 'the whole catalogue as Markdown (docs/services.md)')
    .action((names: string[], opts: { json?: boolean; markdown?: boolean }) => {
      if (opts.markdown) return void process.stdout.write(catalogMarkdown());
      const catalog = describeCatalog(names.length ? names : undefined);
      if (names.length && catalog.length !== names.length) {
        const known = new Set(catalog.map((c) => c.name));
        throw new CoworkError(
          'bad_input',
          `unknown service(s): ${names.filter((n) => !known.has(n)).join(', ')} (services: ${SERVICE_NAMES.join(', ')})`,
        );
      }
      if (opts.json) return printJson({ services: catalog });
      for (const s of catalog) {
        out(`${color.bold(s.name)} — ${s.description}`);
        for (const t of s.tools) {
          const props = (t.parameters.properties ?? {}) as Record<string, JsonSchema>;
          const req = new Set((t.parameters.required as string[] | undefined) ?? []);
          const args = Object.keys(props).map((k) => (req.has(k) ? k : `${k}?`));
          const alias = t.aliases ? color.dim(` (alias ${t.aliases.join(', ')})`) : '';
          out(`  ${t.mutates ? color.yellow('✎') : ' '} ${t.name}(${args.join(', ')})${alias}`);
        }
        for (const c of s.collections)
          out(`    collection ${c.name} [${c.fields.map((f) => (f.required ? f.name : `${f.name}?`)).join(', ')}]`);
        for (const a of s.audit) out(`    audit ${a.name}`);
        out();
      }
    });
}

import { Command, CommanderError } from 'commander';
import { LlmError } from '../llm/errors.js';
import { isCoworkError } from '../spec/errors.js';
import { advantagesCommand } from './advantages.js';
import { cacheCommand } from './cache.js';
import { curateCommand } from './curate.js';
import { demoCommand } from './demo.js';
import { gradeCommand } from './grade.js';
import { inspectCommand } from './inspect.js';
import { mcpCommand } from './mcp.js';
import { planCommand } from './plan.js';
import { proxyCommand } from './proxy.js';
import { color, note } from './output.js';
import { runCommand } from './run.js';
import { schemaCommand } from './schema.js';
import { servicesCommand } from './services.js';
import { serveCommand } from './serve.js';
import { summaryCommand } from './summary.js';
import { synthCommand } from './synth.js';
import { validateCommand } from './validate.js';
import pkg from '../../package.json' with { type: 'json' };

/** Builds the CLI; every command lives in its own file. */
export function buildProgram(): Command {
  const program = new Command()
    .name('coworkenv')
    .description('Synthesize, validate, run, grade and curate executable training environments for AI coworker agents.')
    .version(pkg.version)
    .showHelpAfterError()
    .showSuggestionAfterError()
    .exitOverride()
    .addHelpText('after', '\nExit codes: 0 ok · 1 bad input (files, flags, invalid specs) · 2 failures under --strict · 3 internal error');
  for (const register of [demoCommand, servicesCommand, schemaCommand, validateCommand, inspectCommand, planCommand, synthCommand, runCommand, summaryCommand, gradeCommand, curateCommand, advantagesCommand, mcpCommand, serveCommand, proxyCommand, cacheCommand]) register(program);
  const override = (c: Command): void => {
    c.exitOverride();
    c.commands.forEach(override);
  };
  program.commands.forEach(override);
  return program;
}

/** Runs the CLI: user errors print one message (no stack) and set the documented exit code. */
export async function main(argv: readonly string[]): Promise<void> {
  // a closed pipe (`coworkenv … | head`) is not an error
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  try {
    await buildProgram().parseAsync(argv as string[]);
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander already printed the problem (or help/version)
      process.exitCode = e.exitCode === 0 ? 0 : 1;
      return;
    }
    if (isCoworkError(e)) {
      note(color.red(`error: ${e.message}`));
      process.exitCode = e.exitCode;
      return;
    }
    if (e instanceof LlmError) {
      // a model call that failed for good (endpoint, key, --replay miss) is a setup problem, not a bug
      note(color.red(`error: model call failed (${e.kind}): ${e.message}`));
      process.exitCode = 1;
      return;
    }
    note(color.red(`internal error: ${e instanceof Error ? e.message : String(e)}`));
    if (process.env.COWORKENV_DEBUG && e instanceof Error) note(e.stack ?? '');
    else note('set COWORKENV_DEBUG=1 for the stack trace, and please report this');
    process.exitCode = 3;
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) void main(process.argv);

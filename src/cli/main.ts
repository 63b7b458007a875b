import { Command, CommanderError } from 'commander';
import { LlmError } from '../llm/errors.js';
import { isCoworkError } from '../schema/errors.js';
import { color, note } from './output.js';
import pkg from '../../package.json' with { type: 'json' };

type Register = (program: Command) => void;

// each command module is imported only when its command runs: importing all of them cost most of a start
const COMMANDS: Record<string, () => Promise<Register>> = {
  demo: async () => (await import('./demo.js')).demoCommand,
  services: async () => (await import('./services.js')).servicesCommand,
  schema: async () => (await import('./schema.js')).schemaCommand,
  validate: async () => (await import('./validate.js')).validateCommand,
  harden: async () => (await import('./harden.js')).hardenCommand,
  inspect: async () => (await import('./inspect.js')).inspectCommand,
  plan: async () => (await import('./plan.js')).planCommand,
  synth: async () => (await import('./synth.js')).synthCommand,
  corpus: async () => (await import('./corpus.js')).corpusCommand,
  run: async () => (await import('./run.js')).runCommand,
  summary: async () => (await import('./summary.js')).summaryCommand,
  grade: async () => (await import('./grade.js')).gradeCommand,
  curate: async () => (await import('./curate.js')).curateCommand,
  distill: async () => (await import('./distill.js')).distillCommand,
  advantages: async () => (await import('./advantages.js')).advantagesCommand,
  mcp: async () => (await import('./mcp.js')).mcpCommand,
  serve: async () => (await import('./serve.js')).serveCommand,
  proxy: async () => (await import('./proxy.js')).proxyCommand,
  cache: async () => (await import('./cache.js')).cacheCommand,
  export: async () => (await import('./export.js')).exportCommand,
  import: async () => (await import('./import.js')).importCommand,
  'claw-serve': async () => (await import('./claw-serve.js')).clawServeCommand,
  view: async () => (await import('./view.js')).viewCommand,
  report: async () => (await import('./report.js')).reportCommand,
  worker: async () => (await import('./worker.js')).workerCommand,
  queue: async () => (await import('./queue.js')).queueCommand,
};

/** Which commands a command line needs: the one it names, none for `--version`, all otherwise (help, typos). */
export function commandsFor(argv: readonly string[]): string[] {
  const first = argv[2];
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) return [first];
  if (first === '--version' || first === '-V') return [];
  return Object.keys(COMMANDS);
}

/** Builds the CLI with the given commands (all by default); every command lives in its own file. */
export async function buildProgram(names: readonly string[] = Object.keys(COMMANDS)): Promise<Command> {
  const program = new Command()
    .name('coworkenv')
    .description('Synthesize, validate, run, grade and curate executable training environments for AI coworker agents.')
    .version(pkg.version)
    .showHelpAfterError()
    .showSuggestionAfterError()
    .exitOverride()
    .addHelpText(
      'after',
      '\nExit codes: 0 ok · 1 bad input (files, flags, invalid specs) · 2 failures under --strict · 3 internal error',
    );
  const registers = await Promise.all(names.map((n) => (COMMANDS[n] as () => Promise<Register>)()));
  for (const register of registers) register(program);
  const override = (c: Command): void => {
    c.exitOverride();
    c.commands.forEach(override);
  };
  program.commands.forEach(override);
  return program;
}

/** Runs the CLI: user errors print one message (no stack) and set the documented exit code. */
export async function main(argv: readonly string[]): Promise<void> {
  guardPipe();
  try {
    await (await buildProgram(commandsFor(argv))).parseAsync(argv as string[]);
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

let pipeGuarded = false;
// a closed pipe (`coworkenv … | head`) is not an error; installed once, as tests call main many times
function guardPipe(): void {
  if (pipeGuarded) return;
  pipeGuarded = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) void main(process.argv);

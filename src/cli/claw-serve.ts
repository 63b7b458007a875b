import type { Command } from 'commander';
import { startClawServer } from '../interop/claw-serve.js';
import { loadSpecs } from '../run/task-files.js';
import { CoworkError } from '../schema/errors.js';
import { intArg, numArg } from './options.js';
import { note, printJson } from './output.js';
import { untilSignal } from './signals.js';

interface ClawServeOpts {
  host: string;
  basePort: number;
  episodes: number;
  stride: number;
  seed: number;
  errorRate?: number;
}

export function clawServeCommand(program: Command): void {
  program
    .command('claw-serve')
    .description(
      "serve one task's services on Claw-Eval's routes, ports and shapes (audit, reset, health, faults) so its runner and graders run unchanged, until SIGINT/SIGTERM",
    )
    .argument('<spec>', 'one spec file')
    .option('--host <host>', 'address to bind (no authentication: keep it on loopback)', '127.0.0.1')
    .option(
      '--base-port <port>',
      "port of slot 0's gmail as in Claw-Eval (each service at its default offset); 0 = free ports",
      intArg(0, 65535),
      9100,
    )
    .option('--episodes <n>', 'episode slots served at once, one port block each', intArg(1, 1000), 1)
    .option('--stride <n>', "port distance between slots (Claw-Eval's parallel offset)", intArg(1, 10_000), 50)
    .option('--seed <s>', 'fault seed (trials count up at each reset)', intArg(0, 2 ** 31 - 1), 0)
    .option(
      '--error-rate <r>',
      "override the spec's errors.rate (Claw-Eval's ERROR_RATE): share of tool calls given a 429, 500 or slow fault",
      numArg(0, 1),
    )
    .addHelpText(
      'after',
      '\nPrints one JSON document on stdout: per slot, the services (port, health_check, reset_endpoint, audit) and tool_endpoints to put in task.yaml. Routes and semantics: docs/interop.md.',
    )
    .action(async (path: string, opts: ClawServeOpts) => {
      const specs = await loadSpecs([path], { onWarning: note });
      if (specs.length !== 1)
        throw new CoworkError(
          'bad_input',
          `${path}: holds ${specs.length} specs; claw-serve serves one task (give one spec file)`,
        );
      const base = (specs[0] as (typeof specs)[0]).spec;
      const spec = opts.errorRate === undefined ? base : { ...base, errors: { rate: opts.errorRate } };
      const server = await startClawServer({
        spec,
        host: opts.host,
        basePort: opts.basePort,
        episodes: opts.episodes,
        stride: opts.stride,
        seed: opts.seed,
      });
      const stopped = untilSignal();
      if (!['127.0.0.1', 'localhost', '::1'].includes(opts.host))
        note(
          `coworkenv claw-serve: warning: ${opts.host} is not a loopback address and the services have no authentication`,
        );
      printJson({ task_id: spec.id, episodes: server.endpoints() });
      note(
        `coworkenv claw-serve: ${spec.id} (${spec.services.join(', ')}) in ${opts.episodes} slot(s) on ${opts.host}`,
      );
      const signal = await stopped;
      note(`coworkenv claw-serve: ${signal} received, closing`);
      await server.close();
    });
}

import { stat } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import { DEFAULT_IDLE_S, DEFAULT_OUT, parseHostPort, serveMcp } from '../mcp/serve.js';
import { loadSpecs } from '../run/task-files.js';
import { CoworkError } from '../schema/errors.js';
import { intArg, numArg } from './options.js';
import { note } from './output.js';

interface McpOpts {
  seed: number;
  trial?: number;
  http?: string;
  out: string;
  user: 'scripted' | 'none';
  idleTimeout: number;
}

export function mcpCommand(program: Command): void {
  program
    .command('mcp')
    .description(
      'serve a task over MCP: one episode over stdio, or a session (episode) per client over Streamable HTTP with --http until SIGINT/SIGTERM; each ended episode is appended to --out',
    )
    .argument('<spec...>', 'one spec file (.yaml, .yml, .json, or a .jsonl holding one spec)')
    .option('--seed <s>', 'episode seed (fault injection)', intArg(0, 2 ** 31 - 1), 0)
    .option(
      '--trial <t>',
      'stdio: trial index [the next one of this task not yet in --out]; over --http each session takes the next free one',
      intArg(0, 1_000_000),
    )
    .option(
      '--http <host:port>',
      'serve Streamable HTTP at http://host:port/mcp instead of stdio, a session per client (host 127.0.0.1 when omitted; port 0 = any free port)',
    )
    .option(
      '--idle-timeout <s>',
      'HTTP: seconds without a request before a session is dropped and its unfinished episode recorded as abandoned',
      numArg(0.01, 7 * 24 * 3600),
      DEFAULT_IDLE_S,
    )
    .option(
      '--out <file>',
      'JSONL file the trajectory is appended to (checked at startup; servers sharing it take different trials)',
      DEFAULT_OUT,
    )
    .addOption(
      new Option('--user <mode>', "who answers send_message_to_user: the spec's scripted user plan, or nobody")
        .choices(['scripted', 'none'])
        .default('scripted'),
    )
    .addHelpText(
      'after',
      '\nProtocol tools: start_conversation, send_message_to_user, end_conversation, finish — see docs/mcp.md.',
    )
    .action(async (paths: string[], opts: McpOpts) => {
      if (paths.length > 1)
        throw new CoworkError(
          'bad_input',
          `coworkenv mcp serves one task, but ${paths.length} spec files were given (${paths.join(', ')}); pass exactly one`,
        );
      const path = paths[0] as string;
      if ((await stat(path).catch(() => undefined))?.isDirectory()) {
        throw new CoworkError(
          'bad_input',
          `${path} is a directory; coworkenv mcp serves one task — pass one spec file from it`,
        );
      }
      const specs = await loadSpecs([path], { onWarning: note });
      if (specs.length !== 1) {
        throw new CoworkError(
          'bad_input',
          `${path} holds ${specs.length} specs; coworkenv mcp serves one task — pass a file with exactly one`,
        );
      }
      const { spec } = specs[0] as (typeof specs)[number];
      await serveMcp({
        spec,
        seed: opts.seed,
        out: opts.out,
        user: opts.user,
        ...(opts.trial !== undefined ? { trial: opts.trial } : {}),
        idleTimeoutS: opts.idleTimeout,
        ...(opts.http ? { http: parseHostPort(opts.http) } : {}),
      });
    });
}

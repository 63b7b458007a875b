import type { Command } from 'commander';
import { llmJudge } from '../llm/judge.js';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CORPUS_INDEX_FILE, loadSpecs } from '../run/task-files.js';
import { indexCatalog } from '../server/catalog.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_TTL_S } from '../server/sessions.js';
import { startServer } from '../server/serve.js';
import { formatBytes } from '../services/workspace/limits.js';
import { withModelFlags } from './model-flags.js';
import { type ModelFlags, modelFromFlags } from '../llm/flags.js';
import { intArg, numArg } from './options.js';
import { note } from './output.js';
import { untilOrphaned, untilSignal } from './signals.js';

interface ServeOpts extends ModelFlags {
  host: string;
  port: number;
  maxSessions: number;
  sessionTtl: number;
  judge?: string;
  stepRewards: boolean;
  workspaceMb?: number;
}

export function serveCommand(program: Command): void {
  const cmd = program
    .command('serve')
    .description(
      'serve tasks as an OpenEnv-compatible RL environment (HTTP reset/step/state, WS /ws, MCP /mcp) until SIGINT/SIGTERM',
    )
    .argument('<tasks...>', 'spec files, .jsonl files or directories of them')
    .option(
      '--host <host>',
      'address to bind (the server has no authentication: keep it on loopback or a private network)',
      '127.0.0.1',
    )
    .option('--port <port>', 'port (0 = any free port)', intArg(0, 65535), 8000)
    .option(
      '--max-sessions <n>',
      'live episodes at most; more resets get CAPACITY_REACHED',
      intArg(1, 1_000_000),
      DEFAULT_MAX_SESSIONS,
    )
    .option(
      '--session-ttl <s>',
      'seconds an idle episode lives before it is reaped (0 = never)',
      numArg(0, 7 * 24 * 3600),
      DEFAULT_TTL_S,
    )
    .option(
      '--judge <model>',
      'a model for llm_judge checks and judge items (without one they are unavailable: llm_judge checks, or judge items of a geometric-mode task, leave the grade judge_unavailable and the reward null; a claw-mode task is scored without its judge items)',
    )
    .option(
      '--workspace-mb <mb>',
      'workspace budget per episode in MB (bytes of files; default 50, lowered with a notice so that --max-sessions workspaces fit in memory; a value that does not fit is refused)',
      numArg(0.1, 1000),
    )
    .option(
      '--no-step-rewards',
      'skip the shaped per-step rewards (one prefix grade per step); anchors are still sent',
    );
  withModelFlags(cmd)
    .addHelpText('after', '\nRoutes and client recipes (TRL, verl, slime, SkyRL, OpenEnv): docs/rl.md.')
    .action(async (paths: string[], opts: ServeOpts) => {
      // a sharded corpus is served from its index, each spec read when an episode first needs it
      const index = await corpusIndexOf(paths);
      const specs = index
        ? await indexCatalog(index)
        : (await loadSpecs(paths, { onWarning: note })).map((s) => s.spec);
      const judge = opts.judge ? llmJudge(modelFromFlags(opts.judge, opts)) : undefined;
      const server = await startServer({
        specs,
        host: opts.host,
        port: opts.port,
        maxSessions: opts.maxSessions,
        ttlS: opts.sessionTtl,
        stepRewards: opts.stepRewards,
        ...(opts.workspaceMb !== undefined ? { workspaceBytes: Math.round(opts.workspaceMb * 1_000_000) } : {}),
        ...(judge ? { judge } : {}),
      });
      const stopped = untilSignal();
      if (!['127.0.0.1', 'localhost', '::1'].includes(server.host))
        note(`coworkenv serve: warning: ${server.host} is not a loopback address and the server has no authentication`);
      if (server.capacity.note) note(`coworkenv serve: ${server.capacity.note}`);
      note(
        `coworkenv serve: ${server.manager.catalog.size} task(s)${index ? ` (from ${index}, each read when first reset)` : ''} on ${server.url} (WebSocket ${server.url.replace(/^http/, 'ws')}/ws); max ${opts.maxSessions} sessions, idle TTL ${opts.sessionTtl}s, ${server.manager.catalog.workspace ? `workspace ${formatBytes(server.capacity.budget.bytes)} / ${server.capacity.budget.files} files per episode` : 'no task has a workspace'}`,
      );
      // a wrapper (npx, sh -c) killed without passing the signal on must not orphan the server
      const signal = await Promise.race([stopped, untilOrphaned()]);
      note(
        `coworkenv serve: ${signal === 'parent exited' ? 'parent process exited' : `${signal} received`}, closing ${server.manager.size} session(s)`,
      );
      await server.close();
    });
}

// the corpus index a single path names (the index file, or a folder holding one), else undefined
async function corpusIndexOf(paths: readonly string[]): Promise<string | undefined> {
  if (paths.length !== 1) return undefined;
  const p = paths[0] as string;
  if (basename(p) === CORPUS_INDEX_FILE) return p;
  const inDir = join(p, CORPUS_INDEX_FILE);
  return (await stat(inDir).catch(() => undefined))?.isFile() ? inDir : undefined;
}

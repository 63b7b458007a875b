import { type Command, Option } from 'commander';
import { checkAppendable } from '../run/append-log.js';
import { closeNotice, DEFAULT_PROXY_PORT, startProxy } from '../proxy/app.js';
import type { Engine } from '../proxy/capture.js';
import { DEFAULT_IDLE_MS, DEFAULT_SESSION_BYTES, DEFAULT_TOTAL_BYTES, DEFAULT_TRACES_OUT } from '../proxy/store.js';
import { CoworkError } from '../schema/errors.js';
import { intArg, numArg } from './options.js';
import { note } from './output.js';
import { untilSignal } from './signals.js';

interface ProxyOpts {
  upstream: string;
  host: string;
  port: number;
  out: string;
  env?: string;
  engine: Engine;
  sessionMb: number;
  maxMb: number;
  idleTimeout: number;
}

const MiB = 1024 * 1024;

function httpUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CoworkError('bad_input', `${flag} ${value}: not a URL; expected e.g. http://127.0.0.1:8000/v1`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CoworkError('bad_input', `${flag} ${value}: expected an http(s) URL`);
  return value.replace(/\/+$/, '');
}

export function proxyCommand(program: Command): void {
  program
    .command('proxy')
    .description(
      'OpenAI-compatible proxy recording token-level traces (prompt ids, response ids, loss mask, logprobs) per session from a vLLM/SGLang server',
    )
    .requiredOption('--upstream <base-url>', "the engine's OpenAI base URL, e.g. http://127.0.0.1:8000/v1")
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 = any free port)', intArg(0, 65535), DEFAULT_PROXY_PORT)
    .option('--out <file>', 'JSONL file the traces are appended to when a session closes', DEFAULT_TRACES_OUT)
    .option(
      '--env <url>',
      'env server base URL: on close, GET <url>/state?episode_id=<session> and attach reward and reward_components',
    )
    .addOption(
      new Option('--engine <engine>', 'which token fields to ask the upstream for')
        .choices(['vllm', 'sglang'])
        .default('vllm'),
    )
    .option(
      '--session-mb <mb>',
      'MB of unwritten calls (metadata as JSON + token lists) an open session may hold; a call past it gets 413 session_full until the session is closed',
      numArg(1, 65_536),
      DEFAULT_SESSION_BYTES / MiB,
    )
    .option(
      '--max-mb <mb>',
      'MB all open sessions and requests in flight may hold; a call past it gets 503 proxy_full [a quarter of the heap limit, at most 1024]',
      numArg(1, 1_048_576),
      Math.floor(DEFAULT_TOTAL_BYTES / MiB),
    )
    .option(
      '--idle-timeout <s>',
      'seconds without a call before an open session is written to --out and forgotten (0 = never)',
      numArg(0, 7 * 24 * 3600),
      DEFAULT_IDLE_MS / 1000,
    )
    .addHelpText(
      'after',
      '\nPoint a harness at http://<host>:<port>/sessions/<episode_id>/v1 and close with POST /sessions/<episode_id>/close — see docs/proxy.md.',
    )
    .action(async (opts: ProxyOpts) => {
      const upstream = httpUrl('--upstream', opts.upstream);
      const env = opts.env === undefined ? undefined : httpUrl('--env', opts.env);
      // traces are written when a session closes: a directory or an unwritable place must fail now
      await checkAppendable(opts.out, '--out');
      if (!new URL(upstream).pathname.endsWith('/v1'))
        note(
          `coworkenv proxy: note: --upstream ${upstream} does not end in /v1; chat completions go to ${upstream}/chat/completions`,
        );
      const proxy = await startProxy({
        upstream,
        host: opts.host,
        port: opts.port,
        out: opts.out,
        engine: opts.engine,
        maxSessionBytes: Math.round(opts.sessionMb * MiB),
        maxTotalBytes: Math.round(opts.maxMb * MiB),
        idleMs: Math.round(opts.idleTimeout * 1000),
        ...(env ? { env } : {}),
        notice: note,
      });
      const stopped = untilSignal();
      if (!['127.0.0.1', 'localhost', '::1'].includes(opts.host))
        note(`coworkenv proxy: warning: ${opts.host} is not a loopback address and the proxy has no authentication`);
      note(
        `coworkenv proxy: forwarding ${proxy.url}/sessions/<episode_id>/v1 → ${upstream} (${opts.engine} token fields); traces → ${opts.out}${env ? `; rewards from ${env}/state` : ''}`,
      );
      const signal = await stopped;
      note(`coworkenv proxy: ${signal} received; writing open sessions`);
      const closed = await proxy.close();
      for (const s of closed) if (s.rows > 0) note(closeNotice(s));
    });
}

import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { createEpisode } from '../src/env/episode.js';
import { loadSpecs } from '../src/run/task-files.js';
import { type RunningServer, startServer } from '../src/server/serve.js';
import type { TaskSpec } from '../src/schema/task-spec.js';
import { type BenchResult, figure, gc } from './stats.js';

// step latency of the env server: in-process (Session.step, vs the same tool call on a bare Episode: the
// session's recording and step-reward grading as a multiple), and over loopback HTTP (keep-alive, one request
// in flight) and one WebSocket from a client in another process (bench/server-client.mjs), as a trainer
// would be, each against its transport floor on the same connection; then the RSS with 1,000 live sessions.
// Episodes are support_escalation replaying its reference calls (3 services; shaped step rewards on, as served
// by default), restarted every STEPS_PER_EPISODE steps so prefix grading stays at RL-episode sizes.
const STEPS = 4000;
const WARMUP = 500;
const STEPS_PER_EPISODE = 10;
const LIVE = 1000;

type Json = Record<string, any>;

function actions(spec: TaskSpec): Json[] {
  return spec.reference.flatMap((r) => ('call' in r ? [{ tool_call: { name: r.call, arguments: r.args } }] : []));
}

function quantiles(us: number[]): { p50: number; p99: number } {
  const s = [...us].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

type Q = { p50: number; p99: number };

/** Times `n` steps and floors in pairs (µs each, after a warm-up); `reset(k)` starts episode k, untimed. */
async function timePaired(
  n: number,
  reset: (k: number) => Promise<void>,
  step: (i: number) => Promise<void>,
  floor: (i: number) => Promise<void>,
): Promise<{ step: Q; floor: Q }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < n + WARMUP; i++) {
    if (i % STEPS_PER_EPISODE === 0) await reset(i / STEPS_PER_EPISODE);
    let t0 = performance.now();
    await step(i);
    const ta = (performance.now() - t0) * 1000;
    t0 = performance.now();
    await floor(i);
    const tb = (performance.now() - t0) * 1000;
    if (i >= WARMUP) a.push(ta), b.push(tb);
  }
  return { step: quantiles(a), floor: quantiles(b) };
}

/** Runs the client process against the server (asynchronously: this process's event loop serves it meanwhile). */
function remoteClient(
  cfg: Record<string, unknown>,
): Promise<{ http: { step: Q; floor: Q }; ws: { step: Q; floor: Q }; echo: { step: Q; floor: Q } }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/server-client.mjs', JSON.stringify(cfg)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`bench/server-client.mjs failed (exit ${code}): ${err.trim()}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) as string));
    });
  });
}

/** A WebSocket echo server on this process's event loop, same `ws` library (the README's floor discussion). */
async function echoServer(): Promise<{ port: number; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', r));
  wss.on('connection', (ws) => ws.on('message', (d, binary) => ws.send(binary ? d : d.toString())));
  return { port: (wss.address() as AddressInfo).port, close: () => new Promise((r) => wss.close(() => r())) };
}

function httpClient(srv: RunningServer) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method: string, path: string, body?: unknown) =>
    new Promise<Json>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port: srv.port,
          path,
          method,
          agent,
          headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {},
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(JSON.parse(text) as Json)
              : reject(new Error(`${path}: HTTP ${res.statusCode} ${text}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  return { call, close: () => agent.destroy() };
}

export async function run(): Promise<BenchResult> {
  const spec = ((await loadSpecs(['examples/tasks/support_escalation.yaml']))[0] as { spec: TaskSpec }).spec;
  const acts = actions(spec);
  const act = (i: number) => acts[(i % STEPS_PER_EPISODE) % acts.length] as Json;
  const srv = await startServer({ specs: [spec], port: 0, ttlS: 0, maxSessions: LIVE + 10, log: () => {} });
  const echo = await echoServer();
  try {
    const m = srv.manager;
    // memory with LIVE sessions, each reset over HTTP and stepped through its calls; per session from the heap
    // (an RSS difference can even be negative: the allocator returns pages after the gc)
    const http = httpClient(srv);
    gc();
    const before = process.memoryUsage();
    for (let k = 0; k < LIVE; k++) {
      const id = (await http.call('POST', '/reset', { episode_id: `live-${k}` })).observation.episode_id as string;
      for (let i = 0; i < acts.length; i++) await http.call('POST', '/step', { episode_id: id, action: act(i) });
    }
    gc();
    const live = process.memoryUsage();
    if (m.size !== LIVE) throw new Error(`expected ${LIVE} live sessions, found ${m.size}`);
    for (let k = 0; k < LIVE; k++) m.close(`live-${k}`);
    http.close();

    // in-process: a session step vs the same tool call on a bare episode (each restarted with its episode)
    let current = '';
    let bare = createEpisode(spec);
    const inProc = await timePaired(
      STEPS,
      async (k) => {
        m.close(current);
        current = m.create({ episode_id: `in-${k}` }).id;
        bare = createEpisode(spec, { seed: k });
      },
      async (i) => {
        const s = m.get(current);
        await m.use(s, () => s.step(act(i) as never));
      },
      async (i) => {
        const call = (act(i) as { tool_call: { name: string; arguments: unknown } }).tool_call;
        await bare.run(call.name, call.arguments);
      },
    );
    m.close(current);

    const remote = await remoteClient({
      port: srv.port,
      echoPort: echo.port,
      actions: acts,
      steps: STEPS,
      warmup: WARMUP,
      perEpisode: STEPS_PER_EPISODE,
    });
    const ms = (us: number) => Math.round(us) / 1000;
    return {
      name: 'server',
      metrics: {
        inprocess_step_p50_ms: ms(inProc.step.p50),
        inprocess_step_p99_ms: ms(inProc.step.p99),
        inprocess_tool_call_p50_ms: ms(inProc.floor.p50),
        http_step_p50_ms: ms(remote.http.step.p50),
        http_step_p99_ms: ms(remote.http.step.p99),
        http_health_p50_ms: ms(remote.http.floor.p50),
        ws_step_p50_ms: ms(remote.ws.step.p50),
        ws_step_p99_ms: ms(remote.ws.step.p99),
        ws_ping_p50_ms: ms(remote.ws.floor.p50),
        ws_echo_p50_ms: ms(remote.echo.step.p50),
        ws_ping_beside_echo_p50_ms: ms(remote.echo.floor.p50),
        live_sessions: LIVE,
        rss_mb_with_live_sessions: Math.round(live.rss / 1048576),
        heap_kb_per_session: Math.round((live.heapUsed - before.heapUsed) / 1024 / LIVE),
      },
      figures: {
        http_step: figure({
          unit: 'ms',
          value: ms(remote.http.step.p50),
          floor: ms(remote.http.floor.p50),
          floorIs: 'GET /health, same keep-alive connection, client in another process',
          target: ['≤', 3.5],
        }),
        ws_step: figure({
          unit: 'ms',
          value: ms(remote.ws.step.p50),
          floor: ms(remote.ws.floor.p50),
          floorIs: 'WS ping/pong, same socket, client in another process',
          target: ['≤', 6],
        }),
        inprocess_step: figure({
          unit: 'ms',
          value: ms(inProc.step.p50),
          floor: ms(inProc.floor.p50),
          floorIs: 'the same tool call on a bare Episode',
          target: ['≤', 10],
        }),
      },
    };
  } finally {
    await echo.close();
    await srv.close();
  }
}

import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { loadSpecs } from '../src/run/task-files.js';
import { type RunningServer, startServer } from '../src/server/serve.js';
import type { TaskSpec } from '../src/spec/task-spec.js';
import { type BenchResult, gc } from './stats.js';

// step latency of the env server: in-process (Session.step), over loopback HTTP (keep-alive, one request in
// flight) and over one WebSocket; then the RSS with 1,000 live sessions. Episodes are support_escalation
// replaying its reference calls (3 services; shaped step rewards on, as served by default), restarted every
// STEPS_PER_EPISODE steps so prefix grading stays at RL-episode sizes. Client and server share this process.
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

/** Times `n` steps (µs each, after a warm-up); `reset(k)` starts episode k, untimed. */
async function timeSteps(n: number, reset: (k: number) => Promise<void>, step: (i: number) => Promise<void>): Promise<{ p50: number; p99: number }> {
  const us: number[] = [];
  for (let i = 0; i < n + WARMUP; i++) {
    if (i % STEPS_PER_EPISODE === 0) await reset(i / STEPS_PER_EPISODE);
    const t0 = performance.now();
    await step(i);
    if (i >= WARMUP) us.push((performance.now() - t0) * 1000);
  }
  return quantiles(us);
}

function httpClient(srv: RunningServer) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method: string, path: string, body?: unknown) =>
    new Promise<Json>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = request({ host: '127.0.0.1', port: srv.port, path, method, agent, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text) as Json) : reject(new Error(`${path}: HTTP ${res.statusCode} ${text}`))));
      });
      req.on('error', reject);
      req.end(data);
    });
  return { call, close: () => agent.destroy() };
}

async function wsClient(url: string) {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let waiting: ((m: Json) => void) | undefined;
  ws.on('message', (d) => waiting?.(JSON.parse(d.toString()) as Json));
  const ask = (msg: unknown) =>
    new Promise<Json>((resolve) => {
      waiting = resolve;
      ws.send(JSON.stringify(msg));
    });
  return { ask, close: () => ws.close() };
}

export async function run(): Promise<BenchResult> {
  const spec = ((await loadSpecs(['examples/tasks/support_escalation.yaml']))[0] as { spec: TaskSpec }).spec;
  const acts = actions(spec);
  const act = (i: number) => acts[(i % STEPS_PER_EPISODE) % acts.length] as Json;
  const srv = await startServer({ specs: [spec], port: 0, ttlS: 0, maxSessions: LIVE + 10, log: () => {} });
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

    let current = '';
    const inProc = await timeSteps(
      STEPS,
      async (k) => {
        m.close(current);
        current = m.create({ episode_id: `in-${k}` }).id;
      },
      async (i) => {
        const s = m.get(current);
        await m.use(s, () => s.step(act(i) as never));
      },
    );
    m.close(current);

    const overHttp = await timeSteps(
      STEPS,
      async (k) => {
        if (current) await http.call('DELETE', `/episodes/${current}`);
        current = (await http.call('POST', '/reset', { episode_id: `h-${k}` })).observation.episode_id as string;
      },
      async (i) => {
        const r = await http.call('POST', '/step', { episode_id: current, action: act(i) });
        if (!r.observation.tool_result) throw new Error('unexpected step response');
      },
    );
    const health = await timeSteps(STEPS, async () => {}, async () => void (await http.call('GET', '/health')));
    await http.call('DELETE', `/episodes/${current}`);

    const ws = await wsClient(`${srv.url.replace('http', 'ws')}/ws`);
    const overWs = await timeSteps(
      STEPS,
      async (k) => {
        await ws.ask({ type: 'reset', data: { episode_id: `w-${k}` } });
      },
      async (i) => {
        const r = await ws.ask({ type: 'step', data: act(i) });
        if (r.type !== 'observation') throw new Error(`unexpected ws answer ${JSON.stringify(r)}`);
      },
    );
    ws.close();
    http.close();

    const ms = (us: number) => Math.round(us) / 1000;
    return {
      name: 'server',
      metrics: {
        inprocess_step_p50_ms: ms(inProc.p50),
        inprocess_step_p99_ms: ms(inProc.p99),
        http_step_p50_ms: ms(overHttp.p50),
        http_step_p99_ms: ms(overHttp.p99),
        http_health_p50_ms: ms(health.p50),
        ws_step_p50_ms: ms(overWs.p50),
        ws_step_p99_ms: ms(overWs.p99),
        live_sessions: LIVE,
        rss_mb_with_live_sessions: Math.round(live.rss / 1048576),
        heap_kb_per_session: Math.round((live.heapUsed - before.heapUsed) / 1024 / LIVE),
      },
      targets: {
        http_step_p50_ms: { value: ms(overHttp.p50), target: '≤ 0.3 ms', ok: ms(overHttp.p50) <= 0.3 },
      },
    };
  } finally {
    await srv.close();
  }
}

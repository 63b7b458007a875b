// the client side of bench/server.ts, in its own process as a trainer would be: one keep-alive HTTP
// connection (maxSockets 1), then one WebSocket. Each timed step is paired with a timed floor on the same
// connection right after it, so noise hits both alike: GET /health for HTTP; for WS a protocol ping, which
// the server's `ws` library answers with a pong on the same socket without running application code.
// argv[2]: {"port", "actions", "steps", "warmup", "perEpisode", "echoPort"}; prints one JSON line of µs quantiles.
import { Agent, request } from 'node:http';
import WebSocket from 'ws';

const cfg = JSON.parse(process.argv[2]);
const act = (i) => cfg.actions[(i % cfg.perEpisode) % cfg.actions.length];

function quantiles(us) {
  const s = [...us].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

// n steps (after a warm-up), a new episode every perEpisode steps (untimed); step and floor timed in pairs
async function paired(reset, step, floor) {
  const a = [];
  const b = [];
  for (let i = 0; i < cfg.steps + cfg.warmup; i++) {
    if (i % cfg.perEpisode === 0) await reset(i / cfg.perEpisode);
    let t0 = performance.now();
    await step(i);
    const ta = (performance.now() - t0) * 1000;
    t0 = performance.now();
    await floor();
    const tb = (performance.now() - t0) * 1000;
    if (i >= cfg.warmup) a.push(ta), b.push(tb);
  }
  return { step: quantiles(a), floor: quantiles(b) };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const sockets = new Set();
const call = (method, path, body) =>
  new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: cfg.port,
        path,
        method,
        agent,
        headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {},
      },
      (res) => {
        sockets.add(res.socket);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(text))
            : reject(new Error(`${method} ${path}: HTTP ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });

let current = '';
const http = await paired(
  async (k) => {
    if (current) await call('DELETE', `/episodes/${current}`);
    current = (await call('POST', '/reset', { episode_id: `h-${k}` })).observation.episode_id;
  },
  async (i) => {
    const r = await call('POST', '/step', { episode_id: current, action: act(i) });
    if (!r.observation.tool_result) throw new Error(`unexpected step response ${JSON.stringify(r)}`);
  },
  async () => {
    if ((await call('GET', '/health')).status !== 'healthy') throw new Error('unexpected /health response');
  },
);
await call('DELETE', `/episodes/${current}`);
agent.destroy();
// the floor is only a floor if it used the step's own connection
if (sockets.size !== 1) throw new Error(`expected one keep-alive connection, the client used ${sockets.size}`);

async function open(url) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let waiting;
  ws.on('message', (d) => waiting?.(JSON.parse(d.toString())));
  const ask = (msg) =>
    new Promise((resolve) => {
      waiting = resolve;
      ws.send(JSON.stringify(msg));
    });
  const ping = () =>
    new Promise((resolve) => {
      ws.once('pong', resolve);
      ws.ping();
    });
  return { ws, ask, ping };
}

const w = await open(`ws://127.0.0.1:${cfg.port}/ws`);
const echo = await open(`ws://127.0.0.1:${cfg.echoPort}/`);
const ws = await paired(
  (k) => w.ask({ type: 'reset', data: { episode_id: `w-${k}` } }),
  async (i) => {
    const r = await w.ask({ type: 'step', data: act(i) });
    if (r.type !== 'observation') throw new Error(`unexpected ws answer ${JSON.stringify(r)}`);
  },
  () => w.ping(),
);
// for the README's discussion of the floor: an application-level echo (same library, same server event loop,
// its own socket) next to the ping on the step's socket
const echoed = await paired(
  async () => {},
  async () => {
    const r = await echo.ask({ type: 'echo', data: act(0) });
    if (r.type !== 'echo') throw new Error('echo server answered wrongly');
  },
  () => w.ping(),
);
w.ws.close();
echo.ws.close();
process.stdout.write(`${JSON.stringify({ http, ws, echo: echoed })}\n`);

import { SERVER_UNIT_NICENESS, setUnitNiceness } from '../services/workspace/unit.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { specHash } from '../schema/canonical-json.js';
import { SPEC_LIMITS, tooDeepPath } from '../schema/document.js';
import { formatPath } from '../schema/diagnostics.js';
import { createEpisode, type Episode } from '../env/episode.js';
import { grade } from '../grade/grade.js';
import type { Judge } from '../grade/types.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { AuditCall, Grade, Trajectory, TrajectoryEvent } from '../schema/trajectory.js';
import { auditListsOf, CLAW_BASE_PORT, type ClawRoute, CLAW_ROUTES, clawPortOf, routeOfPath } from './claw-routes.js';

// Claw-Eval's services, served from one process: every listener of an episode slot answers every route of
// that slot (Claw-Eval's paths never collide), so a runner may use the per-service default ports or one port.

/** Largest request body accepted (the originals have none; a bound keeps one client from exhausting memory). */
export const CLAW_MAX_BODY_BYTES = 4_000_000;
/** Deepest nesting of a request body (tool arguments nest a few levels; the audit and the grade must serialise). */
export const CLAW_MAX_DEPTH = SPEC_LIMITS.maxDepth;

export interface ClawServeOptions {
  spec: TaskSpec;
  /** [127.0.0.1] */
  host?: string;
  /** port of the first service of slot 0 as in Claw-Eval (gmail = base); 0 = a free port per listener [9100] */
  basePort?: number;
  /** episode slots served at once, one port block each [1] */
  episodes?: number;
  /** port distance between slots, Claw-Eval's parallel offset [50] */
  stride?: number;
  /** fault seed; trials of a slot count up from 0 at each reset [0] */
  seed?: number;
  judge?: Judge;
}

export interface ClawSlot {
  readonly slot: number;
  /** service → port */
  readonly ports: Readonly<Record<string, number>>;
  episode: Episode;
  trial: number;
}

export interface ClawServer {
  readonly host: string;
  readonly slots: readonly ClawSlot[];
  /** What a Claw-Eval task.yaml of this spec needs per slot: services (ports, health, reset) and tool endpoints. */
  endpoints(): ClawEndpoints[];
  close(): Promise<void>;
}

export interface ClawEndpoints {
  slot: number;
  services: {
    name: string;
    port: number;
    health_check: string;
    health_check_method: 'POST';
    reset_endpoint: string;
    audit: string;
  }[];
  tool_endpoints: { tool_name: string; url: string; method: 'POST' }[];
}

/** The HTTP answer of one audited call, exactly as its audit entry records it. */
export function clawResponse(entry: AuditCall): { status: number; body: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (entry.injected === 'slow') headers['x-simulated-latency-ms'] = String(entry.latency_ms);
  if (entry.ok) return { status: 200, body: entry.result ?? null, headers };
  const e = entry.error ?? { code: 'internal_error', message: 'no error recorded' };
  if (e.code === 'rate_limited') {
    headers['retry-after'] = '2';
    return { status: 429, body: { error: 'rate_limit_exceeded', message: e.message, retry_after_seconds: 2 }, headers };
  }
  if (e.code === 'server_error')
    return { status: 500, body: { error: 'internal_server_error', message: e.message }, headers };
  const { code, message, ...extra } = e;
  return { status: STATUS[code] ?? 400, body: { error: code, message, ...extra }, headers };
}

const STATUS: Record<string, number> = {
  not_found: 404,
  invalid_argument: 422,
  conflict: 409,
  tool_not_available: 404,
  unknown_tool: 404,
  http_error: 502,
  command_failed: 422,
  internal_error: 500,
};

/** Claw-Eval's audit entry of one call (`endpoint, request_body, response_body, timestamp`) plus what the original loses. */
export function clawAuditEntry(entry: AuditCall, route: ClawRoute | undefined): Record<string, unknown> {
  const r = clawResponse(entry);
  return {
    endpoint: route?.path ?? null,
    request_body: entry.params ?? entry.args,
    response_body: r.body,
    timestamp: entry.t,
    // not in the original: the status sent, the raw request (drift §6.15), the order, faults (§6.14)
    status_code: r.status,
    raw_request_body: entry.args,
    seq: entry.seq,
    tool: entry.tool,
    ...(entry.called_as ? { called_as: entry.called_as } : {}),
    ...(entry.injected ? { injected: entry.injected } : {}),
  };
}

/** GET /<svc>/audit of an episode: `{calls, <record lists>}` as Claw-Eval's services return it. */
export function clawAudit(episode: Episode, service: string): Record<string, unknown> {
  const audit = episode.audit();
  const routes = new Map(CLAW_ROUTES.filter((r) => r.service === service).map((r) => [r.tool, r]));
  const calls = audit.calls.filter((c) => c.service === service).map((c) => clawAuditEntry(c, routes.get(c.tool)));
  const lists = audit.records[service] ?? {};
  return { calls, ...Object.fromEntries(auditListsOf(service).map((l) => [l, lists[l] ?? []])) };
}

/**
 * The trajectory of a slot's episode as our grader sees it: every audited call as an assistant tool call and
 * its observation, then the agent's final text (which the services never see; a harness may send it).
 */
export function clawTrajectory(
  spec: TaskSpec,
  slot: Pick<ClawSlot, 'episode' | 'trial'>,
  finalText?: string,
): Trajectory {
  const ep = slot.episode;
  const audit = ep.audit();
  const events: TrajectoryEvent[] = [
    {
      type: 'episode_start',
      task_id: spec.id,
      trial: slot.trial,
      seed: ep.seed,
      spec_hash: specHash(spec),
      mock_today: spec.mock_today,
      agent: { name: 'claw-serve' },
      tools: ep.tools.map((t) => t.name),
    },
    { type: 'user', text: spec.request, source: 'request' },
  ];
  let turns = 0;
  for (const c of audit.calls) {
    const id = `call_${c.seq}`;
    const name = c.called_as ?? c.tool;
    turns++;
    events.push({ type: 'assistant', tool_calls: [{ id, name, args: c.args }] });
    events.push({
      type: 'tool',
      call_id: id,
      name,
      args: c.args,
      ok: c.ok,
      content: JSON.stringify(c.ok ? (c.result ?? null) : { error: c.error }),
      ...(c.error ? { error: c.error } : {}),
      ...(c.injected ? { injected: c.injected } : {}),
      latency_us: c.latency_ms * 1000,
    });
  }
  if (finalText) {
    turns++;
    events.push({ type: 'assistant', text: finalText, tool_calls: [] });
  }
  events.push({ type: 'episode_end', reason: 'agent_done', turns });
  return {
    kind: 'trajectory',
    version: 1,
    task_id: spec.id,
    trial: slot.trial,
    events,
    audit: {
      calls: [...audit.calls],
      records: audit.records as Trajectory['audit']['records'],
      state: ep.changedState() as Trajectory['audit']['state'],
    },
  };
}

/** Starts every slot's listeners; refuses ports that collide or do not fit. */
export async function startClawServer(opts: ClawServeOptions): Promise<ClawServer> {
  const spec = opts.spec;
  // its event loop serves every route: isolation units run below it
  setUnitNiceness(SERVER_UNIT_NICENESS);
  const host = opts.host ?? '127.0.0.1';
  const base = opts.basePort ?? CLAW_BASE_PORT;
  const n = opts.episodes ?? 1;
  const stride = opts.stride ?? 50;
  const seed = opts.seed ?? 0;
  const offsets = spec.services.map((s) => clawPortOf(s) - CLAW_BASE_PORT);
  const span = Math.max(...offsets) + 1;
  if (base !== 0) {
    if (n > 1 && stride < span)
      throw new CoworkError(
        'bad_input',
        `--stride ${stride}: the services of ${spec.id} span ${span} ports (${spec.services.join(', ')}), so slots ${stride} apart would share ports; use --stride ${span} or more`,
      );
    const top = base + Math.max(...offsets) + (n - 1) * stride;
    if (top > 65535)
      throw new CoworkError(
        'bad_input',
        `--base-port ${base} with ${n} episode(s) and stride ${stride} needs port ${top}, above 65535; lower --base-port, --episodes or --stride`,
      );
  }
  const servers: Server[] = [];
  const slots: ClawSlot[] = [];
  const close = async () => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
  };
  try {
    for (let k = 0; k < n; k++) {
      const slot: ClawSlot = { slot: k, ports: {}, episode: createEpisode(spec, { seed, trial: 0 }), trial: 0 };
      const ports: Record<string, number> = {};
      for (const [i, svc] of spec.services.entries()) {
        const server = createServer((req, res) => void handle(spec, slot, req, res, opts.judge));
        // `Expect: 100-continue`: an oversized body is refused before the client sends it (Node would answer
        // 100 Continue by itself and then drop the connection at the limit)
        server.on('checkContinue', (req, res) => {
          if (tooLarge(req)) return refuseLarge(req, res);
          res.writeContinue();
          void handle(spec, slot, req, res, opts.judge);
        });
        servers.push(server);
        ports[svc] = await listen(server, host, base === 0 ? 0 : base + (offsets[i] as number) + k * stride);
      }
      (slot as { ports: Record<string, number> }).ports = ports;
      slots.push(slot);
    }
  } catch (e) {
    await close();
    throw e;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    host,
    slots,
    close,
    endpoints: () =>
      slots.map((s) => ({
        slot: s.slot,
        services: spec.services.map((svc) => {
          const root = `http://${urlHost}:${s.ports[svc]}/${svc}`;
          const probe = CLAW_ROUTES.find((r) => r.service === svc && s.episode.tools.some((t) => t.name === r.tool));
          return {
            name: svc,
            port: s.ports[svc] as number,
            health_check: probe ? `http://${urlHost}:${s.ports[svc]}${probe.path}` : `${root}/health`,
            health_check_method: 'POST' as const,
            reset_endpoint: `${root}/reset`,
            audit: `${root}/audit`,
          };
        }),
        tool_endpoints: s.episode.tools.flatMap((t) => {
          const r = CLAW_ROUTES.find((x) => x.tool === t.name);
          const svc = r?.service ?? '';
          return r
            ? [{ tool_name: t.name, url: `http://${urlHost}:${s.ports[svc]}${r.path}`, method: 'POST' as const }]
            : [];
        }),
      })),
  };
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      reject(
        new CoworkError(
          'bad_input',
          `cannot listen on ${host}:${port} (${e.code ?? e.message}); choose another --base-port (0 = free ports)`,
        ),
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function handle(
  spec: TaskSpec,
  slot: ClawSlot,
  req: IncomingMessage,
  res: ServerResponse,
  judge: Judge | undefined,
): Promise<void> {
  try {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const method = req.method ?? 'GET';
    if (method === 'POST' && tooLarge(req)) return refuseLarge(req, res);
    const body = method === 'POST' ? await readBody(req) : undefined;
    if (body === TOO_LARGE) return refuseLarge(req, res);
    // a body nested deeper than CLAW_MAX_DEPTH is refused before it reaches the episode, whose audit, grade and
    // answers are serialised recursively (5,000 levels overflowed JSON.stringify on GET /<svc>/audit)
    const deep = body === undefined ? undefined : deepPathOf(body);
    if (deep)
      return send(res, 400, {
        error: 'bad_request',
        message: `the request body nests deeper than ${CLAW_MAX_DEPTH} levels (at ${deep}); send the tool's arguments as a JSON object a few levels deep`,
      });
    const [, svc, rest] = /^\/([a-z_]+)(\/.*)?$/.exec(path) ?? [];
    // CoworkEnv's own routes: the episode and its grade (the agent's final text comes from the harness)
    if (svc === '_coworkenv') {
      if (rest === '/episode' && method === 'GET')
        return send(res, 200, {
          slot: slot.slot,
          trial: slot.trial,
          seed: slot.episode.seed,
          task_id: spec.id,
          spec_hash: specHash(spec),
          calls: slot.episode.audit().calls.length,
        });
      if (rest === '/grade' && method === 'POST') {
        const b = parseJson(body);
        const text =
          b.ok &&
          b.value &&
          typeof b.value === 'object' &&
          typeof (b.value as { final_text?: unknown }).final_text === 'string'
            ? (b.value as { final_text: string }).final_text
            : undefined;
        if (b.ok && b.value !== undefined && !(b.value && typeof b.value === 'object'))
          return send(res, 422, { error: 'invalid_argument', message: 'send {"final_text": "..."} or no body' });
        const g: Grade = await grade(spec, clawTrajectory(spec, slot, text), judge ? { judge } : {});
        return send(res, 200, g);
      }
      return send(res, 404, { detail: 'Not Found' });
    }
    if (!svc || !spec.services.includes(svc)) return send(res, 404, { detail: 'Not Found' });
    if (rest === '/audit')
      return method === 'GET'
        ? send(res, 200, clawAudit(slot.episode, svc))
        : send(res, 405, { detail: 'Method Not Allowed' });
    if (rest === '/health') return send(res, 200, { status: 'healthy', service: svc });
    if (rest === '/reset') {
      if (method !== 'POST') return send(res, 405, { detail: 'Method Not Allowed' });
      reset(spec, slot);
      return send(res, 200, { status: 'reset' });
    }
    const route = routeOfPath(path);
    if (!route || route.service !== svc) return send(res, 404, { detail: 'Not Found' });
    if (method !== 'POST') return send(res, 405, { detail: 'Method Not Allowed' });
    // the runner's readiness probe: answered without running a tool, an audit entry or a fault
    if (req.headers['x-health-check'] === '1') return send(res, 200, { status: 'healthy', service: svc });
    const parsed = parseJson(body);
    const r = await slot.episode.run(route.tool, parsed.ok ? (parsed.value ?? {}) : (body ?? ''));
    const entry = slot.episode.audit().calls.find((c) => c.seq === r.seq) as AuditCall;
    const answer = clawResponse(entry);
    return send(res, answer.status, answer.body, answer.headers);
  } catch (e) {
    return send(res, 500, { error: 'internal_server_error', message: e instanceof Error ? e.message : String(e) });
  }
}

const declaredLength = (req: IncomingMessage): number | undefined => {
  const n = Number(req.headers['content-length']);
  return req.headers['content-length'] !== undefined && Number.isFinite(n) ? n : undefined;
};
const tooLarge = (req: IncomingMessage) => (declaredLength(req) ?? 0) > CLAW_MAX_BODY_BYTES;

/** 413 with a JSON body; the connection closes after it, so the rest of an unread body is never waited for. */
function refuseLarge(req: IncomingMessage, res: ServerResponse): void {
  const n = declaredLength(req);
  send(
    res,
    413,
    {
      error: 'payload_too_large',
      message: `the request body is ${n !== undefined ? `${n} bytes` : `over ${CLAW_MAX_BODY_BYTES} bytes`}; claw-serve accepts at most ${CLAW_MAX_BODY_BYTES} bytes`,
    },
    { connection: 'close' },
  );
}

// the path of a nesting deeper than CLAW_MAX_DEPTH in a JSON body (iterative), or undefined; not JSON: undefined
function deepPathOf(body: string): string | undefined {
  // cheap test first: a body cannot nest deeper than it has brackets
  let open = 0;
  for (let i = 0; i < body.length && open <= CLAW_MAX_DEPTH; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) open++;
  }
  if (open <= CLAW_MAX_DEPTH) return undefined;
  const parsed = parseJson(body);
  const path = parsed.ok ? tooDeepPath(parsed.value) : undefined;
  if (!path) return undefined;
  return path.length <= 6 ? formatPath(path) : `${formatPath(path.slice(0, 4))}…(${path.length} levels)`;
}

// a reset that finds calls starts the next trial; resets in a row (the runner resets every service) are one boundary
function reset(spec: TaskSpec, slot: ClawSlot): void {
  if (slot.episode.audit().calls.length === 0) return;
  slot.trial++;
  slot.episode = createEpisode(spec, { seed: slot.episode.seed, trial: slot.trial });
}

function parseJson(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined || text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const TOO_LARGE = Symbol('too large');

// the body as text, or TOO_LARGE as soon as it passes CLAW_MAX_BODY_BYTES (a chunked body declares no length):
// what arrives after that is not kept, and the 413 closes the connection
function readBody(req: IncomingMessage): Promise<string | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= CLAW_MAX_BODY_BYTES) return void chunks.push(c);
      req.off('data', onData);
      chunks.length = 0;
      resolve(TOO_LARGE);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** JSON text of an answer; a value too deep for JSON.stringify is cut at CLAW_MAX_DEPTH levels with a placeholder. */
export function clawJson(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return JSON.stringify(clipDepth(body, CLAW_MAX_DEPTH));
  }
}

// a copy of `value` whose collections below `max` levels are replaced by a placeholder string (iterative)
function clipDepth(value: unknown, max: number): unknown {
  const root: { v: unknown } = { v: undefined };
  const stack: { from: unknown; into: Record<string | number, unknown>; key: string | number; depth: number }[] = [
    { from: value, into: root as Record<string, unknown>, key: 'v', depth: 0 },
  ];
  while (stack.length) {
    const { from, into, key, depth } = stack.pop() as (typeof stack)[number];
    if (from === null || typeof from !== 'object') {
      into[key] = from;
      continue;
    }
    if (typeof (from as { toJSON?: unknown }).toJSON === 'function') {
      into[key] = from;
      continue;
    }
    if (depth >= max) {
      into[key] = `[nested deeper than ${max} levels]`;
      continue;
    }
    const copy = (Array.isArray(from) ? [] : {}) as Record<string | number, unknown>;
    into[key] = copy;
    // pushed last to first, so keys are set (and written) in their original order
    for (const [k, v] of Object.entries(from).reverse()) stack.push({ from: v, into: copy, key: k, depth: depth + 1 });
  }
  return root.v;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = clawJson(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

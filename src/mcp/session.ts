import { mcpImageContent } from '../env/images.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import { TrajectoryRecorder } from '../agent/recorder.js';
import { type ToolEvent, TurnEngine, type TurnResult } from '../agent/turn-engine.js';
import type { AgentTurn, UserSimulator } from '../env/turns.js';
import { createEpisode } from '../env/episode.js';
import type { JsonSchema } from '../services/catalog.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { EndReason, Trajectory } from '../schema/trajectory.js';
import { scriptedUser } from '../user/scripted.js';
import { DISCONNECTED } from './disconnected.js';
import { mcpToolListing } from './tool-listing.js';

/** The user channel (PawBench's user-sim protocol) plus `finish`; never an episode tool name. */
export const PROTOCOL_TOOLS = ['start_conversation', 'send_message_to_user', 'end_conversation', 'finish'] as const;
type ProtocolTool = (typeof PROTOCOL_TOOLS)[number];

export interface McpSessionOptions {
  spec: TaskSpec;
  seed?: number;
  trial?: number;
  /** scripted [default]: the spec's user plan plays the user (when it has one); none: nobody answers */
  user?: 'scripted' | 'none';
  /** wall-clock limit from the first tool call [spec.limits.timeout_s]; 0 disables it */
  timeoutS?: number;
  /** called once with the graded trajectory, before the call that ended the episode answers */
  onFinish?(t: Trajectory): void | Promise<void>;
}

export interface McpSession {
  /** low-level MCP server: tools/list and tools/call; connect it to any transport */
  readonly server: Server;
  /**
   * Ends the episode (once) and returns the trajectory; later calls return the same one. Without a reason:
   * user_done (graded) when the simulated user had ended the conversation, else `abandoned` — recorded
   * without a grade (`error` defaults to "client disconnected before finish").
   */
  finalize(reason?: EndReason, error?: string): Promise<Trajectory>;
  /** assistant turns recorded so far (0: the client made no call that counts; nothing worth recording) */
  readonly turns: number;
  /** true once the episode has ended */
  readonly ended: boolean;
}

const Empty = z.strictObject({});
const Message = z.strictObject({
  message: z.string().describe('what you say to the user: a question, an update or a report'),
});
const Answer = z.strictObject({ answer: z.string().describe('your final answer to the user: what you did and found') });

const PROTOCOL: Record<ProtocolTool, { description: string; params: z.ZodObject }> = {
  start_conversation: {
    description:
      "Call this FIRST. Returns the user's request as the first user message: {user_message, conversation_over, turn, max_turns, mock_today}.",
    params: Empty,
  },
  send_message_to_user: {
    description:
      'Send a message to the user (ask for missing details, report progress) and get the reply: {user_message, conversation_over, termination_reason?, turn, max_turns}. Once conversation_over is true the user will not answer again.',
    params: Message,
  },
  end_conversation: {
    description:
      'Close the conversation with the user (no more messages are answered). Does not end the task: call finish for that.',
    params: Empty,
  },
  finish: {
    description:
      'End the task with your final answer to the user. Call it once, when the work is done; no tool works afterwards.',
    params: Answer,
  },
};

const jsonSchema = (params: z.ZodObject): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(params, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

/** Throws when an episode tool would shadow a protocol tool (impossible with today's catalogue). */
export function assertNoCollision(toolNames: Iterable<string>): void {
  const clash = [...toolNames].filter((n) => (PROTOCOL_TOOLS as readonly string[]).includes(n));
  if (clash.length)
    throw new CoworkError(
      'internal',
      `episode tool(s) ${clash.join(', ')} collide with the MCP protocol tools ${PROTOCOL_TOOLS.join(', ')}`,
    );
}

const text = (s: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: s }],
  ...(isError ? { isError: true } : {}),
});
const json = (v: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(v) }],
  structuredContent: v,
});
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * One episode of a TaskSpec served over MCP: the episode's tools plus the user channel. Every call is
 * recorded exactly as the rollout loop records it (one assistant turn per client call or message, then the
 * tool observation, then the user's observe()), so MCP trajectories grade and export like any other.
 */
export function createMcpSession(opts: McpSessionOptions): McpSession {
  const { spec } = opts;
  const seed = opts.seed ?? 0;
  const trial = opts.trial ?? 0;
  const episode = createEpisode(spec, { seed, trial });
  assertNoCollision(episode.tools.flatMap((t) => [t.name, ...(t.aliases ?? [])]));
  const user: UserSimulator | undefined = opts.user !== 'none' && spec.user ? scriptedUser(spec, episode) : undefined;
  const maxTurns = spec.limits.max_turns;
  const timeoutS = opts.timeoutS ?? spec.limits.timeout_s;

  const server = new Server(
    { name: 'coworkenv', title: `CoworkEnv task ${spec.id}`, version: pkg.version },
    { capabilities: { tools: {} }, instructions: instructions(spec) },
  );

  const tools: Tool[] = [
    ...PROTOCOL_TOOLS.map((name) => ({
      name,
      description: PROTOCOL[name].description,
      inputSchema: jsonSchema(PROTOCOL[name].params) as Tool['inputSchema'],
    })),
    ...(mcpToolListing(episode.tools) as Tool[]),
  ];

  let eng: TurnEngine | undefined;
  // created on first use so episode_start can name the connected client
  const engine = (): TurnEngine => {
    if (!eng) {
      const client = server.getClientVersion();
      const config = { name: 'mcp', ...(client ? { client: { name: client.name, version: client.version } } : {}) };
      const recorder = new TrajectoryRecorder({ spec, episode, seed, trial, agent: { name: 'mcp', config }, user });
      eng = new TurnEngine({ spec, episode, recorder, user, ending: 'finish' });
    }
    return eng;
  };
  let final: Promise<Trajectory> | undefined;

  // calls run one at a time so events stay in order, whatever the client sends concurrently
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = chain.then(fn, fn);
    chain = p.catch(() => {});
    return p;
  };

  const end = (reason: EndReason, error?: string): Promise<Trajectory> => {
    if (!final) {
      const e = engine();
      e.end(reason, error);
      const r = e.reason as EndReason;
      final = (async () => {
        // an infra_error (the user simulator failed) says nothing about the agent, nor does a client that
        // left (abandoned): no grade, no score
        const t = await e.finish(r, r === 'infra_error' || r === 'abandoned' ? { noGrade: true } : {});
        await opts.onFinish?.(t);
        return t;
      })();
    }
    return final;
  };

  const status = (extra: Record<string, unknown> = {}) => {
    const { conversation } = engine();
    return {
      conversation_over: conversation.over,
      ...(conversation.reason ? { termination_reason: conversation.reason } : {}),
      turn: engine().turns,
      max_turns: maxTurns,
      ...extra,
    };
  };

  /**
   * Plays one turn and ends the episode when the turn did. `refusal`: the answer instead of the call's own — a
   * turn beyond max_turns, or a message the user simulator failed to answer.
   */
  const play = async (turn: AgentTurn, finish = false): Promise<TurnResult & { refusal?: CallToolResult }> => {
    const e = engine();
    const r = await e.turn(turn, { finish });
    if (e.reason) await end(e.reason);
    if (r.refused)
      return {
        ...r,
        refusal: text(
          e.reason === 'timeout'
            ? "the episode's time limit is reached: the episode has ended and no further calls are accepted"
            : `max_turns (${maxTurns}) reached: the episode has ended and no further calls are accepted`,
          true,
        ),
      };
    if (e.reason === 'infra_error' && turn.tool_calls.length === 0)
      return { ...r, refusal: text(`${e.error}; the episode has ended (infra_error)`, true) };
    return r;
  };

  async function call(name: string, rawArgs: unknown): Promise<CallToolResult> {
    if (final) return text(`the episode has ended (${eng?.reason}); no further calls are accepted`, true);
    const e = engine();
    if (!e.armed && timeoutS > 0) e.arm(timeoutS * 1000, () => void finalize('timeout').catch(() => {}), true);
    if ((PROTOCOL_TOOLS as readonly string[]).includes(name)) {
      const parsed = PROTOCOL[name as ProtocolTool].params.safeParse(rawArgs ?? {});
      if (!parsed.success)
        return text(
          `invalid arguments for ${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
          true,
        );
      const args = parsed.data as Record<string, string>;
      switch (name as ProtocolTool) {
        case 'start_conversation':
          return json({ user_message: spec.request, ...status({ mock_today: spec.mock_today }) });
        case 'end_conversation':
          e.closeConversation();
          return json(status());
        case 'finish': {
          const r = await play({ text: args.answer as string, tool_calls: [] }, true);
          return r.refusal ?? json({ status: 'finished' });
        }
        case 'send_message_to_user': {
          const r = await play({ text: args.message as string, tool_calls: [] });
          return r.refusal ?? json({ user_message: r.reply?.text ?? '', ...status() });
        }
      }
    }
    const r = await play({ tool_calls: [{ name, args: rawArgs ?? {} }] });
    if (r.refusal) return r.refusal;
    const ev = r.tools[0] as ToolEvent;
    const shown = text(ev.content, !ev.ok);
    // pictures follow the text as MCP ImageContent
    return ev.images ? { ...shown, content: [...shown.content, ...mcpImageContent(ev.images)] } : shown;
  }

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (req) =>
    serial(async () => {
      try {
        return await call(req.params.name, req.params.arguments);
      } catch (e) {
        // the episode itself never throws for a bad call; this is a bug or a failed save
        return text(`${final ? 'the episode ended, but ' : ''}${errorText(e)}`, true);
      }
    }),
  );

  function finalize(reason?: EndReason, error?: string): Promise<Trajectory> {
    return serial(() => {
      if (final) return final;
      if (reason) return end(reason, error);
      if (eng?.conversation.reason === 'user_done') return end('user_done');
      return end('abandoned', error ?? DISCONNECTED);
    });
  }

  return {
    server,
    finalize,
    get turns() {
      return eng?.turns ?? 0;
    },
    get ended() {
      return final !== undefined;
    },
  };
}

/** What an MCP client (and its model) is told on initialize: the protocol in a few lines. */
function instructions(spec: TaskSpec): string {
  return [
    `This server is one CoworkEnv task (${spec.id}); today's date is ${spec.mock_today}.`,
    "Your FIRST action MUST be start_conversation(): it returns the user's request.",
    'Do the work with the task tools. When something is unclear, ask the user with send_message_to_user(message); it returns {user_message, conversation_over}. Stop messaging once conversation_over is true.',
    'When the work is done, call finish(answer) with your final answer to the user; nothing works after that.',
    `Each tool call, message and the final answer counts as one turn; at most ${spec.limits.max_turns} turns.`,
  ].join('\n');
}

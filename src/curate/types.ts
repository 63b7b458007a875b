/** One chat message in the Hugging Face / TRL shape (tool-call arguments as objects). */
export interface SftMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string;
  tool_calls?: { type: 'function'; function: { name: string; arguments: Record<string, unknown> } }[];
  /** tool messages: the tool's name */
  name?: string;
}

export interface SftTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface SftMeta {
  task_id: string;
  trial: number;
  reward: number | null;
  completion: number | null;
  family: string;
  labels: { capabilities: readonly string[] };
  [extra: string]: unknown;
}

/** A picture a tool showed the agent: after which message, and its bytes once resolved (`data`, base64). */
export interface SftPicture {
  /** index in `messages` of the tool message whose result attached it */
  after: number;
  sha256: string;
  mime: string;
  data?: string;
}

/** One training example ({messages, tools, meta}); the TRL exporter writes `tools` as a JSON string. */
export interface SftExample {
  messages: SftMessage[];
  tools: SftTool[];
  meta: SftMeta;
  /** pictures the agent was shown (vision exporters only; the text exporters ignore them) */
  pictures?: SftPicture[];
}

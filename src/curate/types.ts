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

/** One training example ({messages, tools, meta}); the TRL exporter writes `tools` as a JSON string. */
export interface SftExample {
  messages: SftMessage[];
  tools: SftTool[];
  meta: SftMeta;
}

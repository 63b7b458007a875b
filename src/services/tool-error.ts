export type ToolErrorCode =
  | 'not_found'
  | 'invalid_argument'
  | 'conflict'
  | 'unknown_tool'
  | 'tool_not_available'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'command_failed'
  | 'internal_error';

/** Thrown by a handler; the episode turns it into an error result the agent sees (never a crash). */
export class ToolError extends Error {
  readonly code: ToolErrorCode;
  readonly extra?: Readonly<Record<string, unknown>>;
  constructor(code: ToolErrorCode, message: string, extra?: Record<string, unknown>, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ToolError';
    this.code = code;
    if (extra) this.extra = extra;
  }
}

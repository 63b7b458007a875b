import { type JsonSchema, toolJsonSchema } from '../services/catalog.js';
import type { ToolDef } from '../services/types.js';

/** One episode tool as an MCP tool (tools/list), as both the MCP server and the env server's /mcp list them. */
export interface McpToolEntry {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean };
}

/** The MCP tool listing of an episode's tools; free of the MCP SDK, so the env server can use it cheaply. */
export function mcpToolListing(tools: readonly ToolDef[]): McpToolEntry[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: toolJsonSchema(t),
    annotations: { readOnlyHint: !t.mutates },
  }));
}

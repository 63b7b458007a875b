import { helpdesk } from './helpdesk.js';
import type { ServiceDef, ToolDef } from './types.js';

// the service registry: the only place tool names, argument schemas and record keys are written.
// a new service is one file plus one line here.
export const SERVICES: readonly ServiceDef[] = [
  helpdesk,
];

export interface ResolvedTool {
  tool: ToolDef;
  service: ServiceDef;
  /** the name the tool was looked up by, when it was an alias */
  alias?: string;
}

const services = new Map<string, ServiceDef>();
const tools = new Map<string, ResolvedTool>();
for (const service of SERVICES) {
  if (services.has(service.name)) throw new Error(`duplicate service ${service.name}`);
  services.set(service.name, service);
  for (const tool of service.tools) {
    for (const name of [tool.name, ...(tool.aliases ?? [])]) {
      if (tools.has(name)) throw new Error(`tool name ${name} is defined twice`);
      tools.set(name, name === tool.name ? { tool, service } : { tool, service, alias: name });
    }
  }
}

export const SERVICE_NAMES: readonly string[] = SERVICES.map((s) => s.name);

export function getService(name: string): ServiceDef | undefined {
  return services.get(name);
}

/** Looks a tool up by its name or an alias. */
export function resolveTool(name: string): ResolvedTool | undefined {
  return tools.get(name);
}

/** Every canonical tool name and alias. */
export function allToolNames(): string[] {
  return [...tools.keys()];
}

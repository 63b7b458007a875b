import { analytics } from './domains/analytics.js';
import { automations } from './domains/automations.js';
import { calendar } from './calendar.js';
import { clinic } from './domains/clinic.js';
import { cms } from './domains/cms.js';
import { config } from './config.js';
import { contacts } from './contacts.js';
import { crm } from './crm.js';
import { devops } from './domains/devops.js';
import { facilities } from './domains/facilities.js';
import { finance } from './finance.js';
import { gmail } from './gmail.js';
import { grc } from './domains/grc.js';
import { helpdesk } from './helpdesk.js';
import { inventory } from './inventory.js';
import { kb } from './kb.js';
import { matters } from './domains/matters.js';
import { notes } from './notes.js';
import { plant } from './domains/plant.js';
import { portfolio } from './domains/portfolio.js';
import { research } from './domains/research.js';
import { rss } from './rss.js';
import { scheduler } from './scheduler.js';
import { school } from './domains/school.js';
import { studio } from './domains/studio.js';
import { todo } from './todo.js';
import { travel } from './domains/travel.js';
import { web } from './web.js';
import { workspace } from './workspace/index.js';
import type { ServiceDef, ToolDef } from './types.js';

// the service registry: the only place tool names, argument schemas and record keys are written.
// a new service is one file plus one line here.
export const SERVICES: readonly ServiceDef[] = [
  gmail,
  calendar,
  todo,
  contacts,
  finance,
  notes,
  kb,
  helpdesk,
  inventory,
  rss,
  crm,
  config,
  scheduler,
  web,
  workspace,
  // line-of-business systems of the scenario domains (src/services/domains/, tables.ts)
  clinic,
  matters,
  travel,
  school,
  plant,
  portfolio,
  devops,
  analytics,
  cms,
  grc,
  automations,
  research,
  facilities,
  studio,
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

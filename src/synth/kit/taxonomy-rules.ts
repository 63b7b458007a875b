import type { Capability, ScenarioDomain } from '../../schema/taxonomy.js';
import { SERVICE_NAMES } from '../../services/registry.js';

// compatibility rules of taxonomy-guided planning (Cowork-Gym §3.1): which services can exercise a
// capability and which services a scenario domain draws on. the workspace (files: XLSX, DOCX, PDF, PPTX,
// CSV, config and code) serves file management, code manipulation, data analysis and document work. an empty list means "no service supports it
// yet", so combinations needing it are dropped (and counted).

export const CAPABILITY_SERVICES: Record<Capability, readonly string[]> = {
  Logic_Reasoning: ['crm', 'helpdesk', 'finance', 'inventory', 'calendar', 'scheduler', 'todo', 'workspace'],
  Math_Scientific: ['finance', 'inventory'],
  Code_Manipulation: ['workspace'],
  // every service has tools to call
  Tool_Calling: SERVICE_NAMES,
  Knowledge_Retrieval: ['kb', 'web', 'rss', 'notes', 'contacts', 'gmail', 'workspace'],
  Web_Browsing: ['web'],
  Data_Analysis: ['finance', 'crm', 'inventory', 'workspace'],
  Content_Generation: ['gmail', 'notes', 'rss', 'kb', 'workspace', 'helpdesk'],
  // pictures in the workspace: screenshots, floor plans, receipts (compose's picture sources, receipt_claim)
  Multimodal_Perception: ['workspace'],
  // pictures and WAV audio edited with the workspace's media tools (image_edit, audio_edit)
  Multimedia_Processing: ['workspace'],
  // booking, moving or cancelling a time slot: events on the calendar, clinic appointments (compose/slot-work.ts).
  // A to-do's due date, a deadline ticked as diarised or a job's cron books nobody's time (cron is automation)
  Calendar_Scheduling: ['calendar', 'clinic'],
  Email_Communication: ['gmail'],
  File_Management: ['workspace'],
  Security_Awareness: ['config', 'finance', 'gmail', 'crm', 'helpdesk', 'scheduler'],
  Agent_Self_Config: ['scheduler', 'config'],
  // messages from partners abroad in Spanish, German, French, Chinese or Japanese; replies in their language
  Translation: ['gmail'],
  // floor plans whose zones and walls place each desk, bed, seat or bay
  Spatial_Visual_Reasoning: ['workspace'],
};

// Code_Manipulation, as a practitioner means it: writing or editing code, configuration, scripts or queries. A web
// page listing records, a Markdown note or a CSV export is written content however it is marked up
const CODE_FILE = /\.(?:py|js|mjs|cjs|ts|sh|bash|sql|ya?ml|json|toml|ini|conf|cfg|env|tf|dockerfile)$/i;

/** Whether writing the file at `path` is code manipulation (code, configuration, a script, a query). */
export const writesCode = (path: string | undefined): boolean => path !== undefined && CODE_FILE.test(path);

/**
 * Capabilities no composed task exercises, only a hand-written family (config_fix_shell edits a service config):
 * the planner gives their slots to the families that do (plan/taxonomy-plan.ts).
 */
export const FAMILY_ONLY_CAPABILITIES: readonly Capability[] = ['Code_Manipulation'];

/** Why a capability has no service (it stays LLM-only): reported by `plan --taxonomy` and docs/taxonomy.md. */
export const UNSUPPORTED_CAPABILITIES: Partial<Record<Capability, string>> = {};

export const DOMAIN_SERVICES: Record<ScenarioDomain, readonly string[]> = {
  Office_Productivity: [
    'facilities',
    'gmail',
    'calendar',
    'todo',
    'contacts',
    'notes',
    'helpdesk',
    'crm',
    'inventory',
    'workspace',
  ],
  Information_Retrieval: ['research', 'kb', 'web', 'rss', 'notes', 'gmail', 'workspace'],
  Finance_Investment: ['portfolio', 'finance', 'gmail', 'crm', 'workspace', 'todo', 'notes'],
  Software_Engineering: ['devops', 'scheduler', 'config', 'helpdesk', 'kb', 'workspace', 'gmail', 'todo'],
  Data_Science: ['analytics', 'finance', 'crm', 'inventory', 'workspace', 'notes'],
  Content_Media: ['cms', 'rss', 'notes', 'kb', 'gmail', 'workspace', 'web'],
  Safety_Compliance: ['grc', 'gmail', 'finance', 'config', 'crm', 'contacts', 'helpdesk', 'kb'],
  Automation_Platform: ['automations', 'scheduler', 'config', 'web', 'gmail', 'workspace'],
  Travel_Lifestyle: ['travel', 'calendar', 'gmail', 'finance', 'todo', 'notes'],
  Education_Knowledge: ['school', 'kb', 'notes', 'todo', 'calendar', 'workspace', 'gmail'],
  Legal: ['matters', 'notes', 'kb', 'gmail', 'workspace', 'crm', 'todo'],
  Healthcare: ['clinic', 'kb', 'calendar', 'todo', 'gmail', 'workspace'],
  Manufacturing_Engineering: ['plant', 'inventory', 'scheduler', 'helpdesk', 'todo', 'workspace', 'gmail'],
  // text documents and web pages only (fs_write_doc, fs_write): no image, chart-rendering, map or video service
  Multimodal_Generation: ['studio', 'workspace', 'gmail', 'notes'],
};

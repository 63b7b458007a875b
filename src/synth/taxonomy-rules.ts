import type { Capability, ScenarioDomain } from '../schema/taxonomy.js';

// compatibility rules of taxonomy-guided planning (Cowork-Gym §3.1): which services can exercise a
// capability and which services a scenario domain draws on. the workspace (files: XLSX, DOCX, PDF, PPTX,
// CSV, config and code) serves file management, code manipulation, data analysis and document work. an empty list means "no service supports it
// yet", so combinations needing it are dropped (and counted).

export const CAPABILITY_SERVICES: Record<Capability, readonly string[]> = {
  Logic_Reasoning: ['crm', 'helpdesk', 'finance', 'inventory', 'calendar', 'scheduler', 'todo'],
  Math_Scientific: ['finance', 'inventory'],
  Code_Manipulation: ['workspace'],
  Tool_Calling: [
    'gmail',
    'calendar',
    'todo',
    'contacts',
    'finance',
    'notes',
    'kb',
    'helpdesk',
    'inventory',
    'rss',
    'crm',
    'config',
    'scheduler',
    'web',
  ],
  Knowledge_Retrieval: ['kb', 'web', 'rss', 'notes', 'contacts'],
  Web_Browsing: ['web'],
  Data_Analysis: ['finance', 'crm', 'inventory', 'workspace'],
  Content_Generation: ['gmail', 'notes', 'rss', 'kb', 'workspace'],
  Multimodal_Perception: [],
  Multimedia_Processing: [],
  Calendar_Scheduling: ['calendar', 'scheduler'],
  Email_Communication: ['gmail'],
  File_Management: ['workspace'],
  Security_Awareness: ['config', 'finance', 'gmail', 'crm'],
  Agent_Self_Config: ['scheduler', 'config'],
  Translation: [],
  Spatial_Visual_Reasoning: [],
};

export const DOMAIN_SERVICES: Record<ScenarioDomain, readonly string[]> = {
  Office_Productivity: ['gmail', 'calendar', 'todo', 'contacts', 'notes', 'helpdesk', 'crm', 'inventory', 'workspace'],
  Information_Retrieval: ['kb', 'web', 'rss', 'notes'],
  Finance_Investment: ['finance', 'gmail', 'crm', 'workspace'],
  Software_Engineering: ['scheduler', 'config', 'helpdesk', 'kb', 'workspace'],
  Data_Science: ['finance', 'crm', 'inventory', 'workspace'],
  Content_Media: ['rss', 'notes', 'kb', 'gmail'],
  Safety_Compliance: ['gmail', 'finance', 'config', 'crm', 'contacts'],
  Automation_Platform: ['scheduler', 'config'],
  Travel_Lifestyle: ['calendar', 'gmail', 'finance'],
  Education_Knowledge: ['kb', 'notes'],
  Legal: ['notes', 'kb', 'gmail', 'workspace'],
  Healthcare: ['kb', 'crm', 'calendar'],
  Manufacturing_Engineering: ['inventory', 'scheduler'],
  Multimodal_Generation: [],
};

/** Services per difficulty (CoworkEnv App. D: D1.5 = 3 services, D2.5 = 4–5). */
export const SERVICE_COUNT = { easy: 2, medium: 3, hard: 4 } as const;

// the Cowork-Gym task taxonomy (paper App. A): labels a task is generated for and tracked by.

/** The 17 capability labels, exact spellings (Cowork-Gym Table 7). */
export const CAPABILITIES = [
  'Logic_Reasoning',
  'Math_Scientific',
  'Code_Manipulation',
  'Tool_Calling',
  'Knowledge_Retrieval',
  'Web_Browsing',
  'Data_Analysis',
  'Content_Generation',
  'Multimodal_Perception',
  'Multimedia_Processing',
  'Calendar_Scheduling',
  'Email_Communication',
  'File_Management',
  'Security_Awareness',
  'Agent_Self_Config',
  'Translation',
  'Spatial_Visual_Reasoning',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * The 14 top-level application scenarios with their subdomains (Cowork-Gym Table 8). Subdomain names the
 * paper's extraction lost are filled with our reading and marked in docs/taxonomy.md.
 */
export const SCENARIOS = {
  Office_Productivity: ['Email', 'Calendar', 'Document', 'Meeting', 'Task_Management', 'Expense'],
  Information_Retrieval: ['Academic', 'Market', 'News', 'Social_Platform', 'Knowledge_Base'],
  Finance_Investment: ['Stock', 'Financial_Report', 'Forex', 'Investment_Research'],
  Software_Engineering: ['Code', 'Frontend', 'DevOps', 'GitHub', 'Database'],
  Data_Science: ['Business_Intelligence', 'Financial_Analysis', 'Analytics'],
  Content_Media: ['Writing', 'Social_Media', 'Design', 'Video_Audio'],
  Safety_Compliance: ['Security', 'Data_Protection', 'Harmful_Content', 'User_Wellbeing'],
  Automation_Platform: ['Agent', 'Integration', 'Scheduling'],
  Travel_Lifestyle: ['Travel', 'Daily_Life'],
  Education_Knowledge: ['Tutoring', 'Science', 'Exam_Preparation'],
  Legal: ['Contract', 'Litigation'],
  Healthcare: ['Policy', 'Pet_Care'],
  Manufacturing_Engineering: ['Quality_Control', 'Aerospace', 'Smart_Agriculture'],
  Multimodal_Generation: ['Webpage', 'Chart', 'Map', 'Video', 'Document_Transformation'],
} as const satisfies Record<string, readonly string[]>;
export type ScenarioDomain = keyof typeof SCENARIOS;
export const SCENARIO_DOMAINS = Object.keys(SCENARIOS) as ScenarioDomain[];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const MODALITIES = ['text', 'image', 'audio', 'video', 'file'] as const;
export type Modality = (typeof MODALITIES)[number];

/** Splits "Domain/Subdomain/Leaf" into its parts. */
export function scenarioParts(path: string): string[] {
  return path.split('/');
}

/** What each capability covers (Cowork-Gym Table 7; words the extraction lost are restored). */
export const CAPABILITY_SCOPES: Record<Capability, string> = {
  Logic_Reasoning: 'Causal, deductive, abductive, and constraint-based reasoning.',
  Math_Scientific: 'Arithmetic, statistical, and scientific calculation.',
  Code_Manipulation: 'Code generation, debugging, review, refactoring, and testing.',
  Tool_Calling: 'Tool selection, argument construction, and chained tool use.',
  Knowledge_Retrieval: 'Information extraction, cross-document comparison, and retrieval grounding.',
  Web_Browsing: 'Web search, page retrieval, extraction, and interaction.',
  Data_Analysis: 'Data cleaning, analysis, visualization, and reporting.',
  Content_Generation: 'Composition and synthesis of written content.',
  Multimodal_Perception: 'Interpretation of image, video, and audio inputs.',
  Multimedia_Processing: 'Editing or transformation of image, video, and audio assets.',
  Calendar_Scheduling: 'Calendar operations and temporal coordination.',
  Email_Communication: 'Email retrieval, classification, drafting, and sending.',
  File_Management: 'File operations, conversion, archiving, and directory management.',
  Security_Awareness: 'Recognition and mitigation of injection, leakage, and social-engineering risks.',
  Agent_Self_Config: 'Configuration of agents, skills, integrations, and scheduled tasks.',
  Translation: 'Translation and cross-lingual information alignment.',
  Spatial_Visual_Reasoning: 'Spatial inference, puzzles, and geometric reconstruction.',
};

/** What each scenario domain covers, with the paper's representative leaf (Cowork-Gym Table 8). */
export const SCENARIO_SCOPES: Record<ScenarioDomain, string> = {
  Office_Productivity:
    'everyday office work: mail, calendars, documents, meetings, tasks, expenses (e.g. Inbox_Triage)',
  Information_Retrieval:
    'finding and comparing information in papers, markets, news, social platforms, knowledge bases (e.g. Literature_Review)',
  Finance_Investment: 'stocks, financial reports, foreign exchange, investment research (e.g. Earnings_Analysis)',
  Software_Engineering: 'code, front ends, DevOps, GitHub workflows, databases (e.g. Debugging)',
  Data_Science: 'business intelligence, financial analysis, analytics over tabular data (e.g. KPI_Dashboard)',
  Content_Media: 'writing, social media, design, video and audio content (e.g. Academic_Writing)',
  Safety_Compliance: 'security, data protection, harmful content, user wellbeing (e.g. Content_Injection)',
  Automation_Platform: 'agents, integrations, scheduled jobs (e.g. Skill_Installation)',
  Travel_Lifestyle: 'travel planning and daily life (e.g. Itinerary_Planning)',
  Education_Knowledge: 'tutoring, science, exam preparation (e.g. Concept_Explanation)',
  Legal: 'contracts and litigation (e.g. Clause_Extraction)',
  Healthcare: 'health policy and pet care (e.g. Policy_QA)',
  Manufacturing_Engineering: 'quality control, aerospace, smart agriculture (e.g. Defect_Detection)',
  Multimodal_Generation: 'producing webpages, charts, maps, videos, transformed documents (e.g. Video_To_Webpage)',
};

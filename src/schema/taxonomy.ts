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

import type { ScenarioDomain } from '../../schema/taxonomy.js';
import type { Table } from '../tables.js';
import type { ServiceDef } from '../types.js';
import { analytics, ANALYTICS_TABLES } from './analytics.js';
import { automations, AUTOMATIONS_TABLES } from './automations.js';
import { cms, CMS_TABLES } from './cms.js';
import { devops, DEVOPS_TABLES } from './devops.js';
import { facilities, FACILITIES_TABLES } from './facilities.js';
import { grc, GRC_TABLES } from './grc.js';
import { matters, MATTERS_TABLES } from './matters.js';
import { plant, PLANT_TABLES } from './plant.js';
import { portfolio, PORTFOLIO_TABLES } from './portfolio.js';
import { research, RESEARCH_TABLES } from './research.js';
import { school, SCHOOL_TABLES } from './school.js';
import { studio, STUDIO_TABLES } from './studio.js';
import { travel, TRAVEL_TABLES } from './travel.js';

// The line-of-business system of each scenario domain: its service (registered in ../registry.ts) and the
// typed tables it is made of, for the synthesis packs that draw records and rules from field types.

/** The service name of each scenario domain's line-of-business system. */
export const DOMAIN_SYSTEM_OF: Readonly<Record<ScenarioDomain, string>> = {
  Office_Productivity: 'facilities',
  Information_Retrieval: 'research',
  Finance_Investment: 'portfolio',
  Software_Engineering: 'devops',
  Data_Science: 'analytics',
  Content_Media: 'cms',
  Safety_Compliance: 'grc',
  Automation_Platform: 'automations',
  Travel_Lifestyle: 'travel',
  Education_Knowledge: 'school',
  Legal: 'matters',
  Healthcare: 'clinic',
  Manufacturing_Engineering: 'plant',
  Multimodal_Generation: 'studio',
};

export interface DomainSystem {
  domain: ScenarioDomain;
  service: ServiceDef;
  tables: readonly Table[];
}

/** The table-defined domain systems with their tables (clinic.ts keeps its tables inline; see tables.test.ts). */
export const DOMAIN_SYSTEMS: readonly DomainSystem[] = [
  { domain: 'Legal', service: matters, tables: MATTERS_TABLES },
  { domain: 'Travel_Lifestyle', service: travel, tables: TRAVEL_TABLES },
  { domain: 'Education_Knowledge', service: school, tables: SCHOOL_TABLES },
  { domain: 'Manufacturing_Engineering', service: plant, tables: PLANT_TABLES },
  { domain: 'Finance_Investment', service: portfolio, tables: PORTFOLIO_TABLES },
  { domain: 'Software_Engineering', service: devops, tables: DEVOPS_TABLES },
  { domain: 'Data_Science', service: analytics, tables: ANALYTICS_TABLES },
  { domain: 'Content_Media', service: cms, tables: CMS_TABLES },
  { domain: 'Safety_Compliance', service: grc, tables: GRC_TABLES },
  { domain: 'Automation_Platform', service: automations, tables: AUTOMATIONS_TABLES },
  { domain: 'Information_Retrieval', service: research, tables: RESEARCH_TABLES },
  { domain: 'Office_Productivity', service: facilities, tables: FACILITIES_TABLES },
  { domain: 'Multimodal_Generation', service: studio, tables: STUDIO_TABLES },
];

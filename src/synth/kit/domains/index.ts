import type { ScenarioDomain } from '../../../schema/taxonomy.js';
import { officeProductivity } from './office-productivity.js';
import { informationRetrieval } from './information-retrieval.js';
import { financeInvestment } from './finance-investment.js';
import { softwareEngineering } from './software-engineering.js';
import { dataScience } from './data-science.js';
import { contentMedia } from './content-media.js';
import { safetyCompliance } from './safety-compliance.js';
import { automationPlatform } from './automation-platform.js';
import { travelLifestyle } from './travel-lifestyle.js';
import { educationKnowledge } from './education-knowledge.js';
import { legal } from './legal.js';
import { healthcare } from './healthcare.js';
import { manufacturingEngineering } from './manufacturing-engineering.js';
import { multimodalGeneration } from './multimodal-generation.js';
import type { DomainVocab } from './types.js';

// the curated vocabulary of each scenario domain: one file per domain, one line here (a domain the taxonomy
// adds without a line here is a compile error).
export const VOCAB: Record<ScenarioDomain, DomainVocab> = {
  Office_Productivity: officeProductivity,
  Information_Retrieval: informationRetrieval,
  Finance_Investment: financeInvestment,
  Software_Engineering: softwareEngineering,
  Data_Science: dataScience,
  Content_Media: contentMedia,
  Safety_Compliance: safetyCompliance,
  Automation_Platform: automationPlatform,
  Travel_Lifestyle: travelLifestyle,
  Education_Knowledge: educationKnowledge,
  Legal: legal,
  Healthcare: healthcare,
  Manufacturing_Engineering: manufacturingEngineering,
  Multimodal_Generation: multimodalGeneration,
};

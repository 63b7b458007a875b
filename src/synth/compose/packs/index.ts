import type { ActionPart } from '../parts.js';
import * as automationPlatform from './automation-platform.js';
import * as contentMedia from './content-media.js';
import * as dataScience from './data-science.js';
import * as educationKnowledge from './education-knowledge.js';
import * as financeInvestment from './finance-investment.js';
import * as healthcare from './healthcare.js';
import * as informationRetrieval from './information-retrieval.js';
import * as legal from './legal.js';
import * as manufacturingEngineering from './manufacturing-engineering.js';
import * as multimodalGeneration from './multimodal-generation.js';
import * as officeProductivity from './office-productivity.js';
import * as safetyCompliance from './safety-compliance.js';
import * as softwareEngineering from './software-engineering.js';
import * as travelLifestyle from './travel-lifestyle.js';

// the domain packs: each file is one scenario domain's record types (sources, listed in sources/index.ts for
// the SourceName union) and the work done on them (actions); a new pack is one file plus its lines here and
// there.

/** The per-record actions of every pack. */
export const PACK_ACTIONS: readonly ActionPart<string>[] = [
  ...healthcare.actions,
  ...legal.actions,
  ...travelLifestyle.actions,
  ...educationKnowledge.actions,
  ...manufacturingEngineering.actions,
  ...financeInvestment.actions,
  ...softwareEngineering.actions,
  ...dataScience.actions,
  ...contentMedia.actions,
  ...safetyCompliance.actions,
  ...automationPlatform.actions,
  ...informationRetrieval.actions,
  ...officeProductivity.actions,
  ...multimodalGeneration.actions,
];

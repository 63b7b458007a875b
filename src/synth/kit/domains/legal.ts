import type { DomainVocab } from './types.js';

export const legal: DomainVocab = {
  companies: [
    'Abernathy & Cole',
    'Blackwood Chambers',
    'Carrington Legal',
    'Davenport LLP',
    'Everett Notaries',
    'Fitzroy Counsel',
  ],
  items: [
    'NDA awaiting countersignature',
    'Renewal clause needs review',
    'Discovery deadline approaching',
    'Conflict check pending',
    'Engagement letter unsigned',
    'Data processing addendum missing',
  ],
  products: [
    'Contract repository seat',
    'E-signature plan',
    'Case management licence',
    'Legal research seat',
    'Redaction tool',
    'Matter billing module',
  ],
  topics: ['contract review', 'matter intake', 'renewal cycle', 'litigation hold'],
  meetings: ['matter review meeting', 'contracts stand-up', 'partner call', 'risk committee'],
};

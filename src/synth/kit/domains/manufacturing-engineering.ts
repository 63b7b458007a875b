import type { DomainVocab } from './types.js';

export const manufacturingEngineering: DomainVocab = {
  companies: [
    'Acheson Precision',
    'Brennan Castings',
    'Calder Composites',
    'Dalton Hydraulics',
    'Eriksen Agritech',
    'Fairweather Aerostructures',
  ],
  items: [
    'Torque readings out of tolerance',
    'Batch failed surface inspection',
    'Sensor gateway offline',
    'Spare parts order late',
    'Line 2 vibration alarm',
    'Calibration certificate expired',
  ],
  products: [
    'M8 hex bolts, stainless (box of 500)',
    'Hydraulic seal kit',
    'Carbon fibre sheet',
    'Soil moisture sensor',
    'Bearing assembly',
    'Coolant concentrate',
  ],
  topics: ['quality review', 'line maintenance', 'supplier audit', 'spare parts stock'],
  meetings: ['shift handover', 'quality review meeting', 'line stand-up', 'supplier call'],
};

import type { DomainVocab } from './types.js';

export const dataScience: DomainVocab = {
  companies: [
    'Ashby Retail Analytics',
    'Kestrel Forecasting',
    'Nordby Logistics',
    'Vance Health Data',
    'Moreau Energy',
    'Sorensen Mobility',
  ],
  items: [
    'Forecast job produced empty output',
    'Feature table has null spikes',
    'Dashboard totals differ from warehouse',
    'Model drift alert',
    'Survey import miscoded',
    'Join drops late orders',
  ],
  products: [
    'Warehouse compute credits',
    'Notebook seat',
    'Labelling hours',
    'GPU training quota',
    'Dashboard licence',
    'Data catalogue seat',
  ],
  topics: ['model review', 'metric definitions', 'data quality', 'forecast sign-off'],
  meetings: ['model review meeting', 'metrics sync', 'analytics stand-up', 'forecast sign-off call'],
};

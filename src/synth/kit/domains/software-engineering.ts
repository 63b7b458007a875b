import type { DomainVocab } from './types.js';

export const softwareEngineering: DomainVocab = {
  companies: [
    'Tidewater Software',
    'Quarry Labs',
    'Ellison Cloud',
    'Mertens DevOps',
    'Patel & Novak Engineering',
    'Ridgeway Systems',
  ],
  items: [
    'Build pipeline times out',
    'Staging deploy rolls back',
    'API returns 502 under load',
    'Nightly tests flaky on ARM',
    'Log shipping lags by hours',
    'Certificate renewal failed',
  ],
  products: [
    'CI runner pool',
    'Error tracking plan',
    'Artifact storage',
    'Feature flag service',
    'Load balancer tier',
    'Observability seat',
  ],
  topics: ['release readiness', 'incident review', 'dependency upgrades', 'on-call handover'],
  meetings: ['sprint planning', 'incident review', 'release readiness call', 'architecture sync'],
};

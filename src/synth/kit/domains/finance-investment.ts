import type { DomainVocab } from './types.js';

export const financeInvestment: DomainVocab = {
  companies: [
    'Carraway Capital',
    'Whitlock Asset Management',
    'Ostrander Insurance',
    'Belmont Credit Union',
    'Trevino Wealth Partners',
    'Hadley Pension Trust',
    'Quayside Brokers',
  ],
  items: [
    'Statement totals do not reconcile',
    'Wire confirmation missing',
    'Duplicate invoice posted',
    'FX rate feed stale',
    'Card settlement delayed',
    'Month-end accrual wrong',
  ],
  products: [
    'Treasury portal seat',
    'Market data terminal',
    'Payroll module',
    'Audit workspace',
    'Payments gateway plan',
    'Risk dashboard',
  ],
  topics: ['month-end close', 'budget variance', 'audit preparation', 'cash forecast'],
  meetings: ['month-end review', 'budget call', 'audit committee prep', 'investment committee'],
};

import { slug } from '../../kit/text.js';

// words that name how a product is sold, not the system it is: a job syncs the audit trail, not the "add-on"
const PACKAGING = new Set([
  'add-on',
  'addon',
  'bundle',
  'card',
  'course',
  'cover',
  'credits',
  'hours',
  'kit',
  'licence',
  'license',
  'module',
  'pack',
  'pass',
  'plan',
  'quota',
  'seat',
  'subscription',
  'tier',
]);

/**
 * The stem of a system name for a product, as an engineer names the jobs and services around it: the product's
 * own words without how it is sold ("Audit trail add-on" → "audit-trail", "Workflow runs quota" →
 * "workflow-runs"), its first three words at most, and nothing after a comma or bracket (a box size is no system).
 */
export function systemStem(product: string): string {
  const words = product
    .split(/[,(]/)[0]
    ?.toLowerCase()
    .split(/\s+/)
    .filter((x) => x && !PACKAGING.has(x));
  return slug((words ?? []).slice(0, 3).join(' ')) || slug(product);
}

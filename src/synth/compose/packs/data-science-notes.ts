import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { aOrAn } from '../../kit/text.js';

// The texts an analytics team's records carry (data-science.ts): a dataset's description (its grain read off the
// table's name), a dashboard's description, an experiment's hypothesis.

// what one row of a table is, from its name: fct_payments a payment, dim_accounts an account, fct_orders_daily a
// day (the grain a data engineer reads off the name, never another table's)
function grainOf(table: unknown): string | undefined {
  const name =
    String(table ?? '')
      .split('.')
      .pop() ?? '';
  const m = /^(?:fct|dim)_(.+?)(_daily|_snapshots)?$/.exec(name);
  if (!m?.[1]) return undefined;
  const noun = m[1]
    .replace(/_/g, ' ')
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|ss|x)es$/, '$1')
    .replace(/(?<!s)s$/, '');
  return m[2] === '_daily' ? 'day' : m[2] ? `${noun} item per day` : noun;
}

export function datasetDescription(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `one row per ${grainOf(rec?.table_name) ?? rng.pick(['order line', 'event'])}`,
          'built by dbt every night',
          'joins to dim_customer on customer_key',
          'used by the weekly business review',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `caveat: ${term} rows`,
                `${term} — read the model docs`,
                `note the ${term} handling`,
                `known issue with ${term} data`,
              ),
            ]
          : []),
        oneOf(
          rng,
          'tests: unique and not_null on the key',
          'owner reviews the SLA quarterly',
          'columns documented',
          '',
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function dashboardDescription(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'answers how we are tracking against plan',
          'filters by region and month',
          'refreshes every morning at 7',
          'built for the Monday review',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `includes ${aOrAn(term)} ${term} view`,
                `${term} tab added last quarter`,
                `${term} numbers on page 2`,
              ),
            ]
          : []),
        oneOf(rng, 'definitions in the metric glossary', 'certified figures only', 'export to CSV enabled', ''),
      ].filter(Boolean),
    },
    'plain',
  );
}

export function hypothesis(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'we expect less friction to lift the primary metric',
          'decision rule: ship if the lift is significant at 5%',
          `minimum detectable effect ${rng.int(1, 5)}%`,
          'guardrails: refund rate and page load',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `watch for ${term}`,
                `segment on ${term}`,
                `${term} noted in the readout`,
                `${term} flagged by the analyst`,
              ),
            ]
          : []),
        oneOf(rng, '50/50 split', 'sample size fixed before launch', 'pre-registered in the experiment log', ''),
      ].filter(Boolean),
    },
    'plain',
  );
}

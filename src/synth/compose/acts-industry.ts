import { act, type PolicyAct } from './policy-act.js';

// The work a policy has sections for over manufacturing, finance, software engineering and data science records (see policy-acts.ts).

export const INDUSTRY_ACTS: Readonly<Record<string, readonly PolicyAct[]>> = {
  work_orders: [
    act(['Hold', 'Production hold'], 'Releasing an order that is short of material ties up the line for nothing.', {
      material_shortage: true,
      // (however late it already is; a section may take one line's orders, which its policy states with the
      // reason, act-scopes.ts)
      due_date: 'unrelated',
    }),
    act('Expediting', 'Customer orders come first when the line is full.', {
      order_type: ['expedite', 'customer order'],
      due_date: 'ahead',
    }),
    act('Late order review', 'Orders past their due date are reviewed with planning and the customer is told.', {
      due_date: 'stale',
      status: ['released', 'in progress'],
    }),
  ],
  nonconformances: [
    act(
      ['Corrective action', 'CAPA'],
      'Major and critical defects need a root-cause corrective action, not just rework.',
      { severity: ['critical', 'major'] },
    ),
    act('Supplier claim', 'Defects a supplier caused are charged back and go on their scorecard.', {
      supplier: ['Northfield Castings', 'Apex Fasteners', 'Meridian Plastics', 'Kestrel Electronics'],
    }),
    act(
      'Ageing review',
      'NCRs left open for weeks come up at the quality meeting.',
      { raised_on: 'stale' },
      undefined,
      {
        raised_on: [14, 60],
      },
    ),
  ],
  aircraft_inspections: [
    // every check falling due is planned, not only those of aircraft already grounded
    act('Planning', 'Checks falling due are slotted into hangar time before the aircraft runs out of hours.', {
      due_date: 'ahead',
      aog: 'unrelated',
    }),
    act('AOG priority', 'A grounded aircraft comes before anything else on the line.', { aog: true }),
    act(
      'Heavy check',
      'Heavy checks need parts and a hangar slot booked weeks ahead.',
      { check_type: ['C-check', 'landing gear overhaul'], aog: 'unrelated' },
      undefined,
      // a window on the calendar limit is that lead time: weeks, never the next few days
      { due_date: [21, 30] },
    ),
  ],
  field_plots: [
    act(
      ['Irrigation', 'Watering'],
      'Plots drying below the moisture threshold, with no real rain forecast to wet them, are watered before the crop is stressed.',
      // (a plot whose probe is flat has no reading to go by: a section may leave it to the failsafe calendar; a plot
      // the next two days' rain will wet is left to it, as any irrigation scheduler does)
      { soil_moisture_pct: 'low', rain_forecast_mm: 'low', sensor_battery_low: 'scope', next_spray_due: 'unrelated' },
      'schedule_irrigation',
      { rain_forecast_mm: [2, 8] },
    ),
    // the other reasons a plot goes on the watering schedule: a spray due in the next days (watered before it, so
    // the rain gun does not wash it off after), or a probe that no longer reads (watered on the calendar, not on a
    // reading nobody can trust), whatever the last reading said
    act(
      ['Pre-spray watering', 'Watering ahead of a spray'],
      'Plots due a spray are watered in the days before it, never just after, so that the spray is not washed off the leaf.',
      // (a plot already wet takes no more before the spray: a section may draw a line on the reading)
      { next_spray_due: 'ahead', soil_moisture_pct: 'scope', sensor_battery_low: 'unrelated' },
      'schedule_irrigation',
      { next_spray_due: [3, 7] },
    ),
    act(
      ['Failsafe watering', 'Watering without a probe'],
      'A plot whose probe battery is flat has no moisture reading we can trust, so it goes on the watering calendar rather than being left to guess.',
      { sensor_battery_low: true, soil_moisture_pct: 'unrelated', next_spray_due: 'unrelated' },
      'schedule_irrigation',
    ),
    // a spray is timed by the crop, not by how wet the soil is or how the kit in the plot works
    act('Spraying', 'Sprays are timed to the crop stage; a missed window costs yield.', {
      next_spray_due: 'ahead',
      soil_moisture_pct: 'unrelated',
      sensor_battery_low: 'unrelated',
      irrigation_status: 'unrelated',
    }),
    // a flat probe is changed whatever the soil or the watering is doing
    act('Probe maintenance', 'A probe with a flat battery stops reporting soil moisture.', {
      sensor_battery_low: true,
      soil_moisture_pct: 'unrelated',
      irrigation_status: 'unrelated',
      next_spray_due: 'unrelated',
    }),
    act('Irrigation fault', 'Faulty irrigation is fixed before the next dry spell.', {
      irrigation_status: ['fault'],
      sensor_battery_low: 'unrelated',
      next_spray_due: 'unrelated',
    }),
  ],
  positions: [
    act(
      ['Watch list', 'Monitoring'],
      'Large positions whose thesis now faces a regulatory risk, a dividend cut or a guidance change are watched more closely.',
      // (its size, not the restricted list, is what makes a watched risk matter: a restricted name is the
      // restricted-list section's, and rare)
      { thesis: ['regulatory risk', 'dividend cut', 'guidance'], weight_pct: 'high' },
      undefined,
      // (a position still being built: its first quarter, act-narrowings.ts)
      { opened_on: [30, 90] },
    ),
    act('Restricted list', 'Positions in restricted names are frozen: no adding or trimming without compliance.', {
      restricted: true,
    }),
    act('Concentration check', 'Heavily weighted positions are checked against the concentration limit.', {
      weight_pct: 'high',
    }),
    act('Thesis review', 'Long-held positions have their thesis argued again once a year.', { opened_on: 'stale' }),
  ],
  trades: [
    act(['Compliance flag', 'Surveillance'], 'Short sales and covers are where market-abuse reviews look first.', {
      side: ['sell short', 'buy to cover'],
    }),
    act('Settlement chase', 'A trade past its settlement date costs buy-in fees and claims.', {
      settlement_status: ['failed', 'pending'],
      trade_date: 'stale',
    }),
    // every short sale still to settle, however recent the trade
    act('Locate check', 'Every short sale needs a borrow located before it settles.', {
      side: ['sell short'],
      trade_date: 'unrelated',
      quantity: 'unrelated',
    }),
  ],
  fx_exposures: [
    act('Hedging', 'Large exposures hedged below the target ratio are topped up.', {
      hedge_ratio_pct: 'low',
      notional: 'high',
    }),
    act('Hedge roll', 'Hedges maturing soon are rolled or closed by treasury.', { maturity_date: 'ahead' }),
    act('Limit review', 'Exposures above the limit go to the treasury committee.', { notional: 'high' }),
  ],
  research_notes: [
    act(
      ['Compliance review', 'Pre-publication review'],
      'A note goes out only with its conflicts disclosure; compliance checks that before publication.',
      { conflicts_disclosed: false, status: ['draft'] },
    ),
    // (the sign-off comes before publication: the section is about drafts, never notes already out)
    act('Rating change', 'Rating changes are published only after the supervisory analyst signs off.', {
      note_type: ['rating change'],
      status: ['draft'],
    }),
    // a published note was disclosed when it went out: its disclosure is no reason to withdraw it
    act('Withdrawal', 'Old notes that no longer reflect our view are withdrawn.', {
      published_on: 'stale',
      status: ['published'],
      conflicts_disclosed: 'unrelated',
    }),
  ],
  pull_requests: [
    // a flaky job is the test suite's fault, not the author's: it is re-run or ticketed, never held against the change
    act(
      ['Changes requested', 'Code review'],
      'A pull request whose checks fail does not merge until its author fixes them.',
      {
        ci_status: ['failing'],
      },
    ),
    act('Reviewer assignment', 'Open pull requests with too few approvals get another reviewer.', {
      approvals: 'low',
      status: ['open'],
    }),
    act('Stale branches', 'Long-open pull requests drift from main; their authors rebase or close them.', {
      opened_on: 'stale',
      status: ['open', 'draft'],
    }),
  ],
  deployments: [
    act('Rollback review', 'A slow production deploy often hides a failed health check, so each one is reviewed.', {
      environment: ['production', 'production-eu'],
      duration_min: 'high',
    }),
    // every production deploy, quick or slow
    act('Change record', 'Every production deploy needs a change record for the audit trail.', {
      environment: ['production', 'production-eu'],
      duration_min: 'unrelated',
    }),
    act('Canary check', 'Canary deploys are checked before they are promoted.', { environment: ['canary'] }),
  ],
  incidents: [
    act(['Postmortem', 'Incident review'], 'Serious incidents that reached customers get a written postmortem.', {
      severity: ['SEV1', 'SEV2'],
      customer_impact: true,
    }),
    act('Customer comms', 'Customer-facing incidents get a status page update and a note to account managers.', {
      customer_impact: true,
    }),
    act('Trend review', 'Minor incidents on the same service are reviewed together for a common cause.', {
      severity: ['SEV3', 'SEV4'],
    }),
  ],
  migrations: [
    // the changes approved without a meeting are the reversible ones: one that cannot be undone is the DBA's
    act(['Approval', 'Migration approval'], 'Reversible changes in the next window go ahead without a DBA meeting.', {
      reversible: true,
    }),
    act('DBA review', 'Changes that cannot be undone need a DBA and a tested backup first.', {
      reversible: false,
      change_kind: ['drop column', 'rename column', 'alter type'],
    }),
    act('Scheduling', 'Approved migrations run in the maintenance window and are announced ahead.', {
      scheduled_on: 'ahead',
      status: ['approved', 'scheduled'],
    }),
  ],
  datasets: [
    // a dataset nobody refreshes is retired whatever it holds; personal data is the privacy review's
    act(
      ['Deprecation', 'Retirement'],
      'Datasets nobody refreshes any more are retired before someone trusts them.',
      { refreshed_on: 'stale', contains_pii: 'unrelated' },
      undefined,
      { refreshed_on: [7, 30] },
    ),
    act('Freshness fix', 'Stale data feeds wrong dashboards; the owner fixes the refresh.', {
      status: ['stale', 'refresh failed'],
      contains_pii: 'unrelated',
    }),
    // personal data needs a lawful basis however fresh the dataset is
    act('Privacy review', 'Datasets holding personal data need a lawful basis and an access list.', {
      contains_pii: true,
      refreshed_on: 'unrelated',
      status: 'unrelated',
    }),
  ],
  dashboards: [
    // "nobody opens" is a handful of views a month and none for weeks: never a board opened yesterday
    act(
      ['Archiving', 'Clean-up'],
      'Dashboards nobody opens are archived so people find the ones that are maintained.',
      { views_30d: 'low', last_viewed_on: 'stale' },
      undefined,
      { views_30d: [5, 40], last_viewed_on: [14, 27] },
    ),
    // a board dashboard is certified however often it is opened
    act('Certification', 'Dashboards shown to executives and the board are certified first.', {
      audience: ['executive', 'board'],
      status: ['draft', 'published'],
      views_30d: 'unrelated',
      last_viewed_on: 'unrelated',
      scheduled_delivery: 'unrelated',
    }),
    act(
      'Delivery review',
      'Scheduled e-mails of dashboards nobody reads are stopped.',
      { scheduled_delivery: true, views_30d: 'low', last_viewed_on: 'stale' },
      undefined,
      { views_30d: [5, 40], last_viewed_on: [14, 27] },
    ),
  ],
  metric_alerts: [
    act('Investigation', 'Large moves are investigated before the morning numbers go out.', {
      observed_change_pct: 'high',
      status: ['triggered'],
    }),
    act('Threshold tuning', 'Alerts that fire falsely get their thresholds tuned.', { status: ['false positive'] }),
    // every page, whatever the size of the move behind it
    act('Out-of-hours review', 'Every out-of-hours page is reviewed so that on-call is not woken for noise.', {
      paged: true,
      observed_change_pct: 'unrelated',
    }),
  ],
  experiments: [
    // the harm is the breach while the test runs: neither its end date (a test further from its end does more harm)
    // nor how significant its result looks spares a breached running test
    act(
      ['Pause', 'Experiment pause'],
      'A test that breaks a guardrail metric costs real customers while it runs.',
      {
        guardrail_breached: true,
        status: ['running'],
        ends_on: 'unrelated',
        p_value: 'unrelated',
        uplift_pct: 'unrelated',
        sample_size: 'unrelated',
      },
      'pause_experiment',
    ),
    // the other reasons a running test is paused, each on its own reading: a flat one is stopped for futility
    // (however long it has left), a decided one is stopped for its readout; a breached guardrail is the pause's.
    // Either call is made on enough users only: a reading on a few thousand is noise, flat or significant
    act(
      ['Futility stop', 'Futility call'],
      'A test still flat this far in will not reach significance before its end date; stopping it frees the traffic for the next test.',
      {
        uplift_pct: 'low',
        p_value: 'high',
        sample_size: 'high',
        guardrail_breached: 'unrelated',
        ends_on: 'unrelated',
      },
      'pause_experiment',
      { sample_size: [10_000, 40_000] },
    ),
    // called once its planned sample is in, never at the first significant peek (optional stopping inflates false
    // wins): the sample-size line is the plan's
    act(
      ['Planned stop', 'Sample-size stop'],
      'A test significant once its planned sample is in is stopped and read out, so fewer users sit on the weaker variant; none is called on an early peek.',
      { p_value: 'low', sample_size: 'high', guardrail_breached: 'unrelated', ends_on: 'unrelated' },
      'pause_experiment',
      { sample_size: [10_000, 40_000] },
    ),
    act('Readout', 'Tests ending soon get an analyst booked for the readout.', {
      ends_on: 'ahead',
      status: ['running'],
      guardrail_breached: 'unrelated',
    }),
    // a test that broke a guardrail is no clear winner
    act('Ship decision', 'Clear winners are written up for a ship decision.', {
      status: ['analysing'],
      uplift_pct: 'high',
      guardrail_breached: false,
    }),
  ],
};

// Why a work over operational records is narrowed by a line, a flag or a window (act-narrowings.ts's form: per record
// type and section, per side of a field), for the works whose few fields left every rule of theirs at a line and a
// list: the volume below which an error rate is noise, the exposure queue another triage owns, a probe whose reading
// nobody can trust. A side with none is never drawn.

export const OPS_NARROWS: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>> = {
  dashboards: {
    Archiving: {
      'scheduled_delivery=false':
        'a dashboard e-mailed on a schedule is read in the inbox, so its view count says nothing of whether it is used',
    },
  },
  workflows: {
    Pause: {
      'alert_on_failure=false':
        'a workflow that alerts on failure has already paged its owner, who pauses it, while one without fails unheard',
    },
  },
  integrations: {
    Deactivation: {
      'monthly_calls>':
        'on a quieter integration the rate swings with a few bad days, so its owner looks at it by hand before anything is switched off',
    },
    'Follow-up': {
      'error_rate>':
        'an integration failing that often may already be running on an expired credential or a revoked scope, so it is re-checked first',
    },
    Escalation: {
      'last_verified:older':
        'an integration nobody has verified in that long is likely failing on an expired credential, which only its owner can renew',
    },
  },
  security_findings: {
    'Severity triage': {
      'internet_facing=false':
        'the internet-facing ones go to the exposure queue, which triages them the hour they land, so this queue takes the internal hosts',
    },
    'Deadline triage': {
      'internet_facing=true':
        'an exposed host whose fix slips past its date is the one an attacker finds first, so those are triaged ahead of the internal ones',
    },
  },
  field_plots: {
    Irrigation: {
      'sensor_battery_low=false':
        'a probe with a flat battery gives no reading we can trust, so those plots are watered on the failsafe calendar instead',
    },
    'Pre-spray watering': {
      'soil_moisture_pct<':
        'a plot wetter than that takes no more water before the spray without the headlands waterlogging',
    },
  },
  // (a review of the courses about to start: what must be in place besides the staff)
  courses: {
    Review: {
      'online=false': 'an in-person course needs its room and printed materials booked as well as its staff',
      'capacity>': 'a course that size needs a second tutor, whose contract the faculty must issue before it starts',
    },
  },
  tasks: {
    'Work to start': {
      'due_date:ahead':
        'an urgent to-do is started {days} days before it falls due, so one falling due within that misses its date unless it is started now',
    },
    // (the review's purpose is that nobody assumes another has it in hand: an old to-do is the one everyone has seen)
    'Deadline check': {
      'created_at:older':
        'a to-do that has sat on the list that long is the one everybody has seen and assumes someone else has taken, while a new one is still on its owner’s mind',
    },
  },
  // (a long lead time is the follow-up's reason; how fast the item sells says whether the shelf empties first)
  products: {
    'Follow-up': {
      'daily_avg_sales>':
        'an item selling that fast empties its shelf before a late delivery lands, while a slow seller can wait for the next order',
    },
  },
  per_diem_claims: {
    // (receipts may be added to a submitted claim: a query only once the claimant has had time to add them)
    Query: {
      'submitted_on:older':
        'a claimant can still attach receipts to a claim in its first days, so a claim is queried only once it has sat without them',
    },
  },
  experiments: {
    // (practical significance: a lift too small to pay for the rollout is sized at the planned end)
    'Planned stop': {
      'uplift_pct>':
        'only a lift that large pays for the rollout, so a smaller significant one runs to its planned end to be sized properly',
    },
  },
  transactions: {
    Escalation: {
      'date:recent':
        'a charge from before the last card statement closed is taken back only through a dispute with the card issuer, not by the vendor',
    },
  },
};

// What is lost when a record's date ahead arrives with the work undone, per record type, in the words of the team
// that works on it: the reason a review gives for looking first at the records whose date is close
// (review-reasons.ts). Each completes "<records> whose <date> is close …". A record type not listed gives the
// review's own timing as its reason, never a line that fits any date ("still leave time to act before the date").

export const DUE_STAKES: Readonly<Record<string, readonly string[]>> = {
  customers: [
    'renew or lapse on that date, and a renewal call needs a few weeks',
    'are the renewals still open to a new offer',
  ],
  appointments: ['can still be moved or filled from the waiting list if the patient cannot come'],
  vaccinations: ['still give the owner time to book before the cover lapses'],
  contracts: [
    'renew on their own terms if the notice is not in by then',
    'still let us serve notice before they roll over',
  ],
  court_deadlines: [
    'still leave counsel time to draft and file',
    'are the ones where a missed day means an application for relief from sanctions',
  ],
  trip_requests: [
    'still get fares at their early price if approved now',
    'need approval before the fares and rooms go up',
  ],
  travel_bookings: ['can still be cancelled free of charge', 'cost the full fare once the free cancellation ends'],
  household_bills: ['still leave time to pay by transfer before the late fee', 'are the ones a late fee lands on next'],
  courses: [
    'still leave time to fix rooms and rosters before the first class',
    'need their rooms and tutors settled before the first class',
  ],
  aircraft_inspections: [
    'need their downtime planned before the aircraft reaches its limit and is grounded',
    'ground the aircraft if the check is not done by then',
  ],
  field_plots: [
    'still leave time to get the product in and the sprayer booked',
    'lose yield if the spray slips past the crop stage',
  ],
  fx_exposures: [
    'still leave time to roll or hedge before they settle',
    'settle at the spot rate if nobody acts before then',
  ],
  migrations: ['still leave time for a rollback plan and the DBA sign-off'],
  experiments: ['end soon, and a read after the end changes nothing'],
  stories: [
    'still leave the desk time for the edit and the legal read',
    'go to the page half-checked if the edit starts late',
  ],
  social_posts: [
    'can still be pulled or corrected before they go out in public',
    'go out under the brand’s name as they stand',
  ],
  media_assets: [
    'still leave time to renew the licence or take the asset down',
    'are the ones a rights holder could invoice us for next',
  ],
  episodes: ['still leave time for the ad reads and the show notes', 'go out with whatever is in the feed on the day'],
  access_reviews: ['still leave the owner time to sign off before the audit closes'],
  data_subject_requests: ['are closest to the statutory deadline, and a late answer is a breach in its own right'],
  vendor_assessments: ['still leave the vendor the weeks a questionnaire takes'],
  security_findings: ['breach the remediation deadline if nobody owns the fix by then'],
  connectors: [
    'break every workflow that uses them once the sign-in expires',
    'still leave time to reauthorise without an outage',
  ],
  room_bookings: ['still leave facilities time to set the room up'],
  purchase_requests: ['still leave purchasing the lead time the supplier quotes'],
  visitor_passes: ['need the pass and the host confirmed before the visitor is at reception'],
  design_requests: ['still leave time for a round of changes before the deadline'],
  chart_requests: ['still leave time to get the data checked before publication'],
  video_edits: ['still leave time for captions and a last review before delivery'],
  web_page_builds: [
    'still leave time for the checks before launch',
    'launch as they stand if nobody looks before the date',
  ],
  work_orders: ['still leave time to get material to the line before the due date'],
  tasks: ['can still be handed on if their owner is stuck'],
  submissions: ['still leave students time to ask about extensions'],
};

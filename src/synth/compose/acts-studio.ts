import { act, type PolicyAct } from './policy-act.js';

// a design request's hold and cap both speak of the rounds agreed with the requester (shared-limits.ts)
const AGREED_ROUNDS = {
  name: 'agreed rounds of revisions',
  one: 'agreed round of revisions',
  field: 'revision_rounds',
};

// The work a policy has sections for over content and media, automation, research, office and design records (see policy-acts.ts; safety and compliance records are acts-compliance.ts).

export const STUDIO_ACTS: Readonly<Record<string, readonly PolicyAct[]>> = {
  stories: [
    act(
      ['Legal read', 'Legal review'],
      'Stories due soon that carry legal risk (a freelance, an anonymous source, court copy) are read by the lawyer before they run.',
      {
        due_on: 'ahead',
        notes: ['anonymous source', 'court reporting', 'freelance', 'right of reply', 'embargoed figures'],
        // (a freelance explainer carries the same risk as a freelance news story: never narrowed by format, though a
        // format the lawyer reads another way is spared, spared-ops-data.ts)
      },
    ),
    act('Subbing slot', 'Stories due soon are booked a subeditor.', { due_on: 'ahead' }),
    // (a window no shorter than the few days' notice a photographer needs: act-narrowings.ts)
    act(
      'Picture commissioning',
      'Features and explainers need pictures commissioned early.',
      { story_format: ['feature', 'explainer'] },
      undefined,
      { due_on: [3, 7] },
    ),
  ],
  social_posts: [
    act(
      ['Boost stop', 'Paid promotion stop'],
      'This month’s paid budget is nearly spent: boosts stop first on the posts going out soonest, except where a channel’s budget is still open.',
      // (its rule says the posts are boosted: a rule on the date alone would cover the organic posts too)
      { scheduled_for: 'ahead', boosted: true },
    ),
    act('Pre-publication check', 'Posts going out soon are checked by the social editor for facts and tone.', {
      scheduled_for: 'ahead',
    }),
    act('Performance review', 'Posts that went out recently are reviewed for engagement.', {
      scheduled_for: 'recent',
    }),
  ],
  media_assets: [
    act('Licence renewal', 'Well-used images whose licence ends soon are renewed before they must come down.', {
      licence_expires_on: 'ahead',
      usage_count: 'high',
    }),
    act('Takedown', 'Images whose licence has lapsed come off the site.', { licence_expires_on: 'stale' }),
    act('Release check', 'Images of identifiable people need model releases before any commercial use.', {
      model_release_on_file: false,
    }),
  ],
  episodes: [
    act('Release prep', 'Episodes due out soon need artwork and show notes signed off.', { release_on: 'ahead' }),
    act('Ad slot sales', 'Unsold ad slots in upcoming episodes are offered to house campaigns.', {
      ad_slots_sold: 'low',
      release_on: 'ahead',
    }),
    act('Explicit tagging', 'Explicit episodes need the tag set on every platform.', { explicit: true }),
  ],
  workflows: [
    // (a week's failures say it has been running: how long ago it last ran is no reason of the pause's)
    act(['Pause', 'Workflow pause'], 'A workflow failing again and again repeats the same damage on every run.', {
      failures_7d: 'high',
      last_run_on: 'unrelated',
    }),
    // every live workflow, failing this week or not
    act('Alerting set-up', 'Every live workflow must alert its owner when it fails.', {
      alert_on_failure: false,
      status: ['active', 'failing'],
      failures_7d: 'unrelated',
    }),
    act(
      'Archiving',
      'Paused workflows that have not run for weeks are archived.',
      { last_run_on: 'stale', status: ['paused'], failures_7d: 'unrelated', alert_on_failure: 'unrelated' },
      undefined,
      { last_run_on: [14, 60] },
    ),
  ],
  connectors: [
    act('Re-authentication', 'Expired credentials break every workflow that uses the connection.', {
      auth_expires_on: 'ahead',
      workflows_using: 'high',
    }),
    act('Admin consent', 'Connections no admin approved are checked for the data they can reach.', {
      admin_consent: false,
      auth_expires_on: 'unrelated',
    }),
    act('Clean-up', 'Connections that no workflow uses are removed.', {
      workflows_using: 'low',
      auth_expires_on: 'unrelated',
    }),
  ],
  workflow_runs: [
    act('Replay', 'Failed runs that were not retried are replayed once the cause is fixed.', {
      status: ['new'],
      auto_retried: false,
    }),
    act('Investigation', 'A run that failed in its first steps points at a configuration fault.', {
      steps_completed: 'low',
      status: ['new'],
    }),
    act('Timeout review', 'Long runs that failed usually hit a timeout worth raising.', { duration_sec: 'high' }),
  ],
  agent_skills: [
    act(
      ['Disabling', 'Skill removal'],
      'A skill that can write or send for us outside a sandbox is the widest door an attacker could use.',
      {
        sandboxed: false,
        permission_level: ['read-write', 'send on behalf', 'admin'],
        // what it does that writes or sends (never excepted: a skill that sends email is the one meant)
        description: ['sends email', 'writes to the CRM', 'stores credentials', 'external API'],
      },
      'disable_skill',
    ),
    // the other reasons a skill is switched off (policy-acts.ts `formsOf`): who wrote it, or what it keeps
    act(
      ['Community skill removal', 'Unvetted skill removal'],
      'Nobody under contract maintains a community skill, so one that can write or send for us is off until security vets it.',
      { source: ['community'], permission_level: ['read-write', 'send on behalf', 'admin'], sandboxed: 'unrelated' },
      'disable_skill',
    ),
    act(
      ['Credential removal', 'Secrets removal'],
      'A skill that keeps passwords or tokens outside a sandbox hands them to whoever compromises its next update, whatever it is allowed to do with them.',
      { description: ['stores credentials'], sandboxed: false, permission_level: 'unrelated' },
      'disable_skill',
    ),
    act('Security review', 'Skills from outside the company get a security review before they are installed.', {
      status: ['requested'],
      source: ['community', 'vendor marketplace'],
    }),
    act('Permission review', 'Skills that act on our behalf are reviewed every quarter.', {
      permission_level: ['send on behalf', 'admin'],
    }),
  ],
  papers: [
    act('Reading list', 'Highly cited papers go to the top of the reading list.', {
      reading_status: ['to read'],
      citations: 'high',
    }),
    act('Summary', 'Papers that have been read get a short summary on the team wiki.', {
      reading_status: ['read'],
      added_on: 'unrelated',
    }),
    act(
      'List clean-up',
      'Papers left unread for months are read or dropped.',
      { added_on: 'stale', reading_status: ['to read'] },
      undefined,
      { added_on: [30, 365] },
    ),
  ],
  market_reports: [
    // superseded only by a newer edition in the library (never on age alone), whatever its growth figure
    act(['Replacement', 'Supersession'], 'Old market figures get quoted long after a newer edition replaces them.', {
      published_on: 'stale',
      newer_edition: true,
      cagr_pct: 'unrelated',
    }),
    // a report is summarised, or its licence checked, however old its figures are
    act('Summary', 'Purchased reports are summarised for the team within a week.', {
      status: ['purchased'],
      published_on: 'unrelated',
    }),
    act('Licence check', 'Reports whose licence has lapsed are no longer quoted.', {
      status: ['licence expired'],
      published_on: 'unrelated',
    }),
  ],
  news_items: [
    // (bad press: the sentiment is the reason's own, never a narrowing of it)
    act(['Flagging', 'News flag'], 'Bad press about a client reaches the account team the same day.', {
      mentions_client: true,
      sentiment: ['negative', 'mixed'],
    }),
    act('Archive', 'Routine coverage is archived after the morning read.', {
      status: ['new'],
      sentiment: ['positive', 'neutral'],
    }),
    act('False matches', 'Items the monitor matched by mistake are marked so the search can be tuned.', {
      mentions_client: false,
      status: ['new'],
    }),
  ],
  cited_sources: [
    act(
      ['Re-verification', 'Source check'],
      'A source cited in many pieces and not checked for months is checked again.',
      // every source ages the same way, behind a paywall or not
      // ("cited in many pieces": a few documents at least, the purpose's own measure)
      { accessed_on: 'stale', paywalled: 'unrelated', cited_in: 'high' },
      undefined,
      { accessed_on: [60, 400], cited_in: [3, 8] },
    ),
    // every retracted source comes out, whatever its notes say, however many pieces cite it, when it was read or
    // whether it is behind a paywall
    act('Retraction check', 'Retracted and disputed sources are removed from every piece that cites them.', {
      status: ['retracted', 'disputed'],
      notes: 'unrelated',
      cited_in: 'unrelated',
      accessed_on: 'unrelated',
      paywalled: 'unrelated',
    }),
    act('Archiving copies', 'Paywalled sources are saved as PDFs for the fact-checkers.', { paywalled: true }),
  ],
  room_bookings: [
    act(
      ['Catering cancellation', 'Catering'],
      'Catering for small rooms is cancelled where the meeting no longer needs it; the caterer charges whatever is ordered.',
      { date: 'ahead' },
    ),
    act('AV set-up', 'AV is set up the day before for meetings that asked for it.', {
      av_support: true,
      date: 'ahead',
    }),
    act('Catering order', 'Catering is confirmed with the caterer ahead of the meeting.', {
      catering: ['breakfast', 'working lunch', 'afternoon tea'],
      date: 'ahead',
    }),
  ],
  purchase_requests: [
    // the requests approved are those from preferred suppliers: buying off the list is the supplier check's
    act(
      ['Approval', 'Purchase approval'],
      'Requests from preferred suppliers are approved in time for the date needed.',
      { preferred_supplier: true },
    ),
    act('Approver chase', 'Requests waiting on a budget holder are chased so the order goes out in time.', {
      requested_on: 'stale',
      status: ['pending approval'],
    }),
    act('Supplier check', 'Buying off the preferred list needs procurement to vet the supplier first.', {
      preferred_supplier: false,
    }),
  ],
  equipment_loans: [
    act(['Condition check', 'Return check'], 'Kit is checked on return so that damage is charged to the right loan.', {
      condition_checked: false,
      due_back_on: 'stale',
    }),
    // kit not yet back cannot have been checked: its condition check is no reason to chase it
    act('Return chase', 'Kit not back by its return date is chased with the borrower.', {
      due_back_on: 'stale',
      condition_checked: 'unrelated',
    }),
    act('Loan extension', 'Loans ending soon are extended or collected.', {
      due_back_on: 'ahead',
      condition_checked: 'unrelated',
    }),
  ],
  visitor_passes: [
    act(['Escort', 'Visitor escort'], 'Visitors who have not signed the NDA do not walk the office alone.', {
      nda_signed: false,
      visit_date: 'ahead',
    }),
    act('NDA chase', 'Visitors who will see unreleased work sign the NDA before they arrive.', {
      nda_signed: false,
      visit_date: 'ahead',
    }),
    act('Lab induction', 'Lab visitors need a safety induction booked.', {
      access_level: ['lab access'],
      nda_signed: 'unrelated',
    }),
  ],
  design_requests: [
    // a sign-off hold gates release, not design: finished work at review or with the requester, never a brief
    act(
      ['Hold', 'Design hold'],
      'Nothing ships before the brand team signs it off, so finished work they have not approved is held at review.',
      { brand_approved: false, status: ['internal review', 'with requester'] },
      'hold_design',
    ),
    // the other holds: a request past its agreed revision rounds (the extra work needs the requester's manager);
    // both sections count the same agreed rounds (shared-limits.ts), and at least one round is agreed
    {
      ...act(
        ['Revision hold', 'Scope hold'],
        'A request past its agreed rounds of revisions is held until the requester’s manager agrees to the extra work.',
        { revision_rounds: 'high', brand_approved: 'unrelated', due_on: 'unrelated' },
        'hold_design',
        { revision_rounds: [2, 4] },
      ),
      limit: AGREED_ROUNDS,
    },
    {
      ...act(
        'Revision cap',
        'Requests past the agreed rounds of revisions go back to the requester’s manager.',
        { revision_rounds: 'high' },
        undefined,
        { revision_rounds: [2, 4] },
      ),
      limit: AGREED_ROUNDS,
    },
    act('Deadline check', 'Requests due soon are checked for a designer and a review slot.', {
      due_on: 'ahead',
      revision_rounds: 'unrelated',
      brand_approved: 'unrelated',
    }),
  ],
  chart_requests: [
    act('Accessibility check', 'Charts must pass the colour-blind check before publication.', {
      accessible_palette: false,
    }),
    // (the palette is checked on the drawn chart: no reason to chase its data or to schedule it, nor to spare it)
    act('Data chase', 'Requests waiting on data are chased with the desk that asked.', {
      status: ['needs data'],
      due_on: 'ahead',
      accessible_palette: 'unrelated',
    }),
    act('Scheduling', 'Queued charts due soon are given to a designer.', {
      due_on: 'ahead',
      status: ['queued'],
      accessible_palette: 'unrelated',
    }),
    // the desk's own drawing of a chart from the figures it was sent (draw_chart)
    act(
      ['Chart production', 'Drawing the charts'],
      'Charts due soon are drawn from the figures the desk sent, so the desk can check them before the piece runs.',
      // (a palette is checked on the drawn chart, by the accessibility check: it is no reason to draw one)
      { due_on: 'ahead', status: ['queued', 'in progress'], accessible_palette: 'unrelated' },
      'draw_chart',
    ),
  ],
  video_edits: [
    act(['Client review', 'Sign-off'], 'Cuts due soon go to the client early enough for one round of changes.', {
      due_on: 'ahead',
      captions_required: 'unrelated',
    }),
    act('Caption check', 'Most social video is watched muted, so it needs burnt-in captions.', {
      captions_required: true,
    }),
    act('Delivery check', 'Exported edits are delivered to the client on the agreed date.', {
      due_on: 'ahead',
      status: ['exported'],
      captions_required: 'unrelated',
    }),
    // the cover still an edit is delivered with (cut_cover)
    act(
      ['Cover images', 'Cover stills'],
      'Platforms show the cover before anyone presses play, so an exported edit gets its cover in the days before it is delivered.',
      // (captions are the caption check's: every edit going out needs a cover, captioned or not, long or short,
      // whatever its edit notes say; a platform's edits may be done as one batch)
      {
        due_on: 'ahead',
        status: ['exported'],
        captions_required: 'unrelated',
        runtime_sec: 'unrelated',
        edit_notes: 'unrelated',
        platform: 'scope',
      },
      'cut_cover',
    ),
    // the other edits that get their cover now: one going to the client (who signs off the cut and its cover
    // together), and a long one still in its last passes (picked from a browse page by its cover, not its frame)
    act(
      ['Client review covers', 'Covers for client review'],
      'An edit going to the client for review goes with its cover, so the client signs off the cut and the cover at once.',
      // (whatever its date: the client sees the cut and its cover together; a date window is the first act's)
      { status: ['client review'], due_on: 'unrelated', captions_required: 'unrelated', runtime_sec: 'unrelated' },
      'cut_cover',
    ),
    act(
      ['Long-form covers', 'Long-runtime covers'],
      'Long edits are chosen from a browse page by their cover, so any edit over a few minutes gets a cover cut from its footage before it is exported.',
      {
        runtime_sec: 'high',
        status: ['fine cut', 'colour and sound'],
        captions_required: 'unrelated',
        due_on: 'unrelated',
      },
      'cut_cover',
    ),
  ],
  web_page_builds: [
    act(['SEO review', 'Search review'], 'Pages that already perform well are worth an SEO pass before launch.', {
      lighthouse_score: 'high',
    }),
    act('Performance fix', 'Pages that fail the performance budget are fixed before launch.', {
      lighthouse_score: 'low',
    }),
    act('Launch readiness', 'Pages launching soon get a final content check.', { launch_on: 'ahead' }),
    // the page built from its signed-off copy deck (build_page)
    act(
      ['Page build', 'Copy-deck build'],
      'Pages launching soon are built from their signed-off copy deck, leaving QA time before they go live.',
      // a page not yet built has no performance score or SEO pass to select it by: those come after the build
      { launch_on: 'ahead', lighthouse_score: 'unrelated', seo_reviewed: 'unrelated' },
      'build_page',
    ),
  ],
};

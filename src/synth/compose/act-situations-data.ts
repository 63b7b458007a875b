// The work each section of a record type's policy is for, as the coworker would put it when asking for it: a
// gerund phrase ("for …", "when it comes to …") that a careful reader matches to exactly one of the record type's
// acts (policy-acts.ts) by what its heading and reason cover, without a word of any of its headings, and with no
// count of days or weeks the drawn rule could contradict ("a while", never "a week old"), and no condition the act
// does not hold: not wider ("fail or flake" over failing checks alone), narrower ("bad press" over negative or mixed
// coverage) or longer ("open for ages" over a two-day threshold; review 36). Keyed by the
// record type and its act's first heading; a record type listed here has a phrase for every act it has.
export const ACT_SITUATIONS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  mails: {
    Reply: [
      'keeping our promise that everyone who writes to the shared inbox hears back in good time',
      'answering the people who have been left waiting on the shared inbox longer than we promise',
    ],
    'Follow-up': ['catching the new requests on the shared inbox that nobody has even opened yet'],
    Filing: ['clearing old mail we have already read out of the inbox'],
  },
  receipt_scans: {
    Reimbursement: [
      'paying staff back for what they spent out of their own pocket',
      'getting people their money back for what they paid themselves',
    ],
    'Itemised receipt': ['making sure the bigger spends are backed by a line-by-line bill, not just a card slip'],
    'Late claim': ['dealing with what staff hand in after the window has closed'],
    'Statement reconciliation': ['tying each line the company paid for itself to the paper behind it'],
  },
  // the orders of the sales export and of the billing dashboard are the same work (acts-orders.ts)
  ...Object.fromEntries(
    ['order_screenshot', 'sheet_rows'].map((src) => [
      src,
      {
        Escalation: [
          'getting overdue orders chased by the salesperson who knows the customer, before they go to collections',
        ],
        'Follow-up': ['stopping disputes from hardening into money we never see'],
        'Credit hold': ['stopping customers with a big unpaid balance from ordering more until they clear it'],
        'Write-off review': ['deciding what to do about small balances that cost more to chase than they are worth'],
      },
    ]),
  ),
  ward_beds: {
    'Bed allocation': [
      'putting each incoming patient next to the kit their care needs',
      'getting the right spaces ready for the arrivals the ward expects',
    ],
    'Bed release': ['getting blocked spaces on the ward cleaned or fixed so they can take patients again'],
    'Respiratory bed release': [
      'getting the spaces with piped oxygen and suction turned round first, for the patients waiting downstairs',
    ],
    'Hoist bed release': ['getting the spaces with lifting gear back first for patients nobody can move by hand'],
    'Isolation check': ['keeping the side rooms for the patients who need to be kept apart from others'],
    // a review-only section: why the ward looks at its board at all (review-purposes-data.ts)
    Review: ['doing the regular pass that makes sure the board shows what is really at each bedside'],
  },
  exam_seats: {
    'Seat allocation': ['keeping the right places in the hall free for candidates who need special seating'],
    'Seat repair': ['getting broken places fixed or taken off the plan before candidates arrive'],
    'Register check': ['making sure everyone sitting in the hall is on the attendance list'],
  },
  jobs: {
    Suspension: ['stopping the ones that keep failing from retrying into the same fault'],
    Escalation: ['making sure whoever runs a broken schedule knows their downstream data is going stale'],
    'Follow-up': ['looking into timeouts before they turn into outright failures'],
    Review: ['deciding whether the old schedules nobody uses any more should be retired'],
    'Clean-up': ['removing switched-off schedules that have not run for weeks'],
  },
  stories: {
    'Legal read': [
      'getting the lawyer to see risky copy (freelances, anonymous sources, court stories) before it runs',
    ],
    'Subbing slot': ['booking a subeditor onto the copy that is due soon'],
    'Picture commissioning': ['getting photos ordered early for features and explainers'],
    Review: ["doing the desk editor's regular pass, so that nothing goes out unchecked or sits past its news value"],
  },
  chart_requests: {
    'Accessibility check': ['making sure colour-blind readers can read the graphics before they are published'],
    'Data chase': ['getting the figures we are still waiting for out of the desks that asked'],
    Scheduling: ["putting a designer's name against the queued ones that are due soon"],
    'Chart production': [
      'making the graphics due soon from the figures the desk sent, so the desk can go over them before the piece runs',
    ],
  },
  vendor_assessments: {
    Questionnaire: [
      'getting written security answers from vendors whose assessment is coming up and who have no current SOC 2 evidence',
    ],
    'Report chase': ['getting up-to-date SOC 2 evidence out of the vendors we rate critical or high'],
    'Review booking': ['getting the assessment meetings with vendors in the diary before they fall due'],
    'Regulated data questionnaire': [
      'getting written security answers from vendors holding card or health records, whatever evidence they have',
    ],
    'Lapsed review': ['getting written security answers at once from vendors whose check-up has already gone by'],
  },
  customers: {
    Escalation: ["getting accounts in trouble, with a weak health score, onto the account manager's desk this week"],
    'Renewal risk': ['saving weak accounts whose contract is coming to an end'],
    'Follow-up': ['talking to every customer before their contract runs out, not after'],
    Review: ['sitting down with our biggest accounts for a business check-in, however healthy they are'],
    Expansion: ['starting upsell conversations with healthy, active accounts'],
  },
  contracts: {
    Renewal: ['deciding in time on the agreements that would otherwise roll over for another term'],
    'Notice decision': ['making the call early on agreements that need months of warning before their end date'],
    'Signature chase': ['getting the agreements nobody has put their name to yet completed'],
  },
  court_deadlines: {
    'Diary entry': ["getting court dates into the firm's calendar before one is missed"],
    Preparation: ['starting the work on dates coming up well before the week they fall in'],
    'Extension follow-up': ['pursuing our applications for more time until the court or the other side agrees'],
  },
  security_findings: {
    Triage: ['sorting out first the issues on internet-facing assets, where attacks land'],
    'Remediation chase': ['pushing the owning teams on issues close to their fix-by date'],
    'Risk acceptance review': ['getting the issues we agreed to live with approved again for another year'],
    'Severity triage': ['sorting the issues rated critical or high straight away, wherever the host sits'],
    'Deadline triage': ['sorting the issues whose fix-by day is near, before it passes with nobody owning them'],
  },
  nonconformances: {
    'Corrective action': ['getting a root-cause fix for major and critical defects, not just rework'],
    'Supplier claim': ['charging defects back to the vendor who caused them and marking their scorecard'],
    'Ageing review': ['bringing the NCRs that have sat open too long to the quality meeting'],
  },
  legal_holds: {
    Escalation: ['going over the heads of custodians who have ignored the notice, to their manager'],
    Reminder: ['giving custodians a gentle nudge before anyone goes to their manager'],
    'Release review': ['lifting preservation once the matter no longer needs it'],
    'Leaver escalation': [
      'making sure the files of people leaving, or just gone, are kept before IT wipes their laptops',
    ],
    'Device escalation': ['getting phones and chat apps preserved before one reset loses the messages'],
    Collection: ['getting forensics to image phones and chat apps while the custodians still have them'],
    'IT suspension': ['stopping backup rotation and drive clean-up from wiping what a matter needs'],
  },
  video_edits: {
    'Client review': ['getting cuts due soon in front of the customer with time for one round of changes'],
    'Caption check': ['making sure social video works for people watching with the sound muted'],
    'Delivery check': ['making sure exported edits reach the customer on the agreed date'],
    'Cover images': ['picking the thumbnail a platform shows before anyone presses play'],
    'Client review covers': [
      'sending each cut to the customer together with its thumbnail, so both are approved at once',
    ],
    'Long-form covers': [
      'giving the lengthy pieces a proper thumbnail from their own footage before they are exported',
    ],
  },
  market_reports: {
    Replacement: ['stopping old market figures being quoted once a newer edition is out'],
    Summary: ['writing up what we have bought for the team soon after it arrives'],
    'Licence check': ['making sure we stop quoting what we no longer have the rights to'],
  },
  cited_sources: {
    'Re-verification': ['looking again at the references we lean on most that nobody has looked at in a long while'],
    'Retraction check': ['pulling references that have been withdrawn or disputed out of every piece that cites them'],
    'Archiving copies': ['saving paywalled references as PDFs so the research desk can still open them'],
  },
  agent_skills: {
    Disabling: ['switching off the ones that can write or send for us outside a sandbox'],
    'Community skill removal': ['switching off the ones outside contributors wrote that can write or send for us'],
    'Credential removal': ['switching off the ones that keep passwords and tokens outside a sandbox'],
    'Security review': ['vetting the ones from outside the company before they are installed'],
    'Permission review': ['taking the quarterly look at what the ones acting on our behalf are allowed to do'],
  },
  web_page_builds: {
    'SEO review': ['giving the ones that already score well on Lighthouse a pass for Google before they go live'],
    'Performance fix': ['fixing the ones over the speed budget before they go live'],
    'Launch readiness': ['giving the words one last read on the ones going live soon'],
    'Page build': ['putting together the ones going live soon from their signed-off wording'],
  },
  transactions: {
    Escalation: ["querying flagged charges with the vendor's billing contact before month end"],
    'Follow-up': ['sorting out spend that has sat pending so long a receipt or approval is probably missing'],
    'Audit sample': ['readying the big-ticket ones the year-end inspection is most likely to test'],
    Accrual: ['making sure recent pending spend is booked so the month closes complete'],
  },
  field_plots: {
    Irrigation: ['topping up the plots drying out below the moisture threshold before the crop is stressed'],
    Spraying: ['timing crop protection to the crop stage so we do not miss the window'],
    'Probe maintenance': ['keeping the soil moisture sensors reporting, flat batteries and all'],
    'Irrigation fault': ['getting broken sprinklers and drip lines fixed before the next dry spell'],
    'Pre-spray watering': [
      'running the rain guns over plots before their next crop protection, not after, so it stays on the leaf',
    ],
    'Failsafe watering': [
      'putting the plots whose moisture sensors have gone dark on the rain-gun calendar, not on a guess',
    ],
  },
  pull_requests: {
    'Changes requested': ['holding back PRs whose checks fail until their authors fix them'],
    'Reviewer assignment': ['getting another pair of eyes on open PRs that are short of approvals'],
    'Stale branches': ['getting authors to rebase or close PRs that have sat open too long'],
  },
  appointments: {
    Cancellation: ['telling patients in time to rebook when their session has been called off'],
    Reminder: ['nudging booked patients so their slot is not wasted'],
    'Did-not-attend follow-up': ['ringing the patients who keep missing their slots'],
    'Repeat non-attendance': [
      'ringing the patients who have missed appointments before to check they are still coming',
    ],
    'Room closure': ['moving the long sessions that need the procedure space while it is being refurbished'],
  },
  social_posts: {
    'Boost stop': ["pulling ad money off the posts going out soonest now that the month's budget is nearly spent"],
    'Pre-publication check': ['having the social editor look over posts going out soon for facts and tone'],
    'Performance review': ['looking at how recent posts did on engagement'],
  },
  news_items: {
    Flagging: ['getting negative or mixed coverage of a client to the account team the same day'],
    Archive: ['putting routine coverage away after the morning read'],
    'False matches': ['marking the items the monitor picked up by mistake, so the search can be tuned'],
  },
  exam_sittings: {
    'Special consideration': [
      // (not "who sat the paper": a candidate ill on the day may have missed it, review 61)
      'weighing up candidates whose exam day was upset by illness or a journey gone wrong',
    ],
    'Absence follow-up': ['asking candidates who missed a paper whether something got in their way'],
    'Room booking': ['lining up staff and space for candidates who need a reader, a scribe or to sit apart'],
  },
  work_orders: {
    Hold: ['keeping jobs that are short of material from being released onto the line'],
    Expediting: ['pushing customer jobs to the front when the line is full'],
    'Late order review': ['going over what is past its due date with planning and telling the customer'],
  },
  integrations: {
    Deactivation: ['switching off the ones erroring so badly they write bad data everywhere'],
    Escalation: ['telling whoever runs the busy ones about rising error rates before the vendor cuts us off'],
    'Follow-up': ['re-checking credentials and scopes on the ones nobody has looked at in a long while'],
    'Usage review': ['spotting active ones with so little traffic that we could do without them'],
  },
  access_reviews: {
    Revocation: ['taking away logins nobody uses before they become a way in'],
    'Sign-off': ['getting them completed by their due date, because the auditors test the dates'],
    'Privileged review': ['having system owners as well as managers look at admin rights'],
  },
  positions: {
    'Watch list': [
      'keeping a closer eye on our big holdings hit by regulatory risk, a dividend cut or a guidance change',
    ],
    'Restricted list': ['freezing holdings in names compliance has barred'],
    'Concentration check': ['making sure big holdings stay inside our limit for any one name'],
    'Thesis review': ['arguing again why we still own the names we have held longest'],
  },
  feed_articles: {
    'Follow-up': ['picking up fresh stories in our coverage areas while they are still news'],
    Briefing: ['putting together the morning pack from what came out since the last one'],
    Archive: ['taking older pieces off the reading list so it stays short'],
  },
  desk_plan: {
    'Desk allocation': [
      'finding a free place with the right equipment on day one for new starters and for people whose assessment calls for special kit',
    ],
    'Desk repair': ['reporting blocked places to facilities so they come back into use'],
    'Hot-desk check': ['making sure nobody keeps a bookable place to themselves all week'],
  },
  vaccinations: {
    'Booster reminder': ['telling owners ahead of time that a jab is coming due, so that protection does not run out'],
    'Lapsed cover': ['ringing the owners of pets already past their due date, whose course may need restarting'],
  },
  client_matters: {
    'Conflict check': ['making sure we act for nobody on the other side before any work starts'],
    Billing: ['invoicing large amounts of recorded time before it ages and the client can dispute it'],
    'File review': ['getting a supervising partner to look over the long-running ones'],
    Closure: ['wrapping up the ones where the final bill is paid and the papers are back'],
  },
  household_bills: {
    Payment: ['getting the ones we pay by hand paid before their due date'],
    'Dispute follow-up': ['keeping contested ones from being passed to collections'],
    Arrears: ['clearing the ones whose date has already gone by, before the late fee grows'],
    'Essentials first': [
      'clearing energy, water and what the council charges ahead of the rest, since falling behind on those costs most',
    ],
    'Direct debit set-up': [
      'switching the regular ones still paid by hand to come straight out of the account, to stop late fees',
    ],
  },
  enrolments: {
    'Attendance follow-up': ['getting tutors in touch with students who have been missing too many classes'],
    'Fee reminder': ['nudging students who still owe money before their place lapses'],
    'Enrolment confirmation': ['making provisional places firm once the documents are checked'],
  },
  aircraft_inspections: {
    Planning: ['fitting the inspections coming due into hangar time before the aircraft runs out of hours'],
    'AOG priority': ['putting grounded aircraft ahead of everything else on the line'],
    'Heavy check': ['lining up the big maintenance visits that need parts ordered and a bay booked well ahead'],
    Review: ['doing the airworthiness pass that makes sure no aircraft flies past a limit or with a finding left open'],
  },
  research_notes: {
    'Compliance review': ['making sure each note carries its conflicts disclosure before it goes out'],
    'Rating change': ['getting the supervisory analyst to approve a new buy or sell call before it goes out'],
    Withdrawal: ['pulling old notes that no longer reflect our view'],
  },
  migrations: {
    Approval: ['letting reversible changes in the next window go ahead without a meeting'],
    'DBA review': ['making sure changes that cannot be undone have a database expert and a tested backup first'],
    Scheduling: ['running the signed-off ones in the maintenance window and announcing them ahead'],
  },
  datasets: {
    Deprecation: ['taking the ones nobody refreshes any more out of service before someone trusts them'],
    'Freshness fix': ['getting owners to repair the refresh on stale data before it feeds wrong dashboards'],
    'Privacy review': ['making sure the ones holding personal data have a lawful basis and an access list'],
  },
  experiments: {
    Pause: ['stopping tests that are breaking a guardrail metric and costing real customers'],
    Readout: ['booking an analyst for the tests ending soon'],
    'Ship decision': ['writing up the clear winners so we can decide whether to roll them out'],
    'Futility stop': ['calling time on tests that still show no real movement, so the traffic goes to the next one'],
    'Planned stop': [
      'ending the tests that have enrolled every user they set out to and show a clear result, so fewer users sit on the weaker variant',
    ],
  },
  media_assets: {
    'Licence renewal': ['keeping well-used images up by extending their rights before they run out'],
    Takedown: ['getting images whose rights have already ended off the site'],
    'Release check': [
      'making sure pictures of identifiable people have signed model consent before any commercial use',
    ],
  },
  episodes: {
    'Release prep': ['getting artwork and show notes signed off for the ones due out soon'],
    'Ad slot sales': ['offering unsold sponsor spots in upcoming shows to house campaigns'],
    'Explicit tagging': ['making sure the ones with adult content are marked as such on every platform'],
  },
  workflows: {
    Pause: ['stopping the ones that fail again and again from repeating the damage on every run'],
    'Alerting set-up': ['making sure every live one tells its owner when it fails'],
    Archiving: ['putting away stopped ones that have not run for weeks'],
  },
  design_requests: {
    Hold: ['keeping anything the brand team has not signed off from shipping'],
    'Revision cap': ["sending requests past the agreed rounds of changes back to the requester's manager"],
    'Deadline check': ['making sure the ones due soon have someone to draw them and a slot to look them over'],
    'Revision hold': [
      "pausing the requests run past the agreed rounds of changes until the requester's manager agrees the extra work",
    ],
  },
};

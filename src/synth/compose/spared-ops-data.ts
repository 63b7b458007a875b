import type { ByAct } from './spared-kinds.js';

// More kinds of record a work spares, for the record types whose few rule fields left every task of a work with the
// same rule (an unsandboxed skill with write access, a chart due soon, bad press about a client): each kind with the
// team that already has it in hand or the reason the work does not reach it, so an exception is a real one and the
// tasks of one work differ in what they leave out. Merged into SPARED per act and field (spared-data.ts).

export const OPS_SPARED: Readonly<Record<string, ByAct>> = {
  // (bad data written where nobody reads it as real: its owner fixes it without cutting anyone off)
  integrations: {
    // (test keys reach no live data: there is no scope on them to re-check)
    'Follow-up': {
      environment: {
        sandbox:
          'a sandbox integration runs on the vendor’s test keys, which reach no live data and are re-issued each test cycle',
      },
    },
    Deactivation: {
      environment: {
        sandbox: 'a sandbox integration writes only to the vendor’s test tenant, so its owner fixes it in place',
      },
    },
    Escalation: {
      environment: {
        sandbox: 'a sandbox integration’s errors reach no customer, and the vendor does not meter a test tenant',
      },
    },
  },
  // (a dashboard whose audience opens it on a longer rhythm than a month: a quiet month is its normal)
  dashboards: {
    Archiving: {
      audience: {
        board:
          'a board dashboard is opened only when the quarterly board pack is put together, so a quiet month is normal',
        finance:
          'finance dashboards are opened at month end and at the year-end close, so weeks without a view are usual',
      },
    },
  },
  // (an insurer whose own channel already chases an unpaid claim)
  claims: {
    'Claim query': {
      insurer: {
        Bupa: 'Bupa claims go through its provider portal, which chases an unpaid claim itself once the turnaround passes',
        Vitality:
          'Vitality claims are settled through its clinic account manager, who takes up late ones at the monthly call',
      },
    },
  },
  security_findings: {
    // (reports another team has already rated and reproduced, or agreed with each owner)
    Triage: {
      source: {
        'internal audit':
          'an audit finding reaches us already rated by internal audit with its owner, whatever host it sits on, and is tracked in the audit log',
      },
    },
    'Severity triage': {
      source: {
        'bug bounty':
          'bug-bounty reports reach us already reproduced and rated by the bounty platform’s triage team, under the programme’s own response times',
        'internal audit':
          'audit findings are rated and agreed with each owner by internal audit, and tracked in its log',
      },
    },
    'Deadline triage': {
      source: {
        'internal audit':
          'audit findings carry the dates internal audit agreed with each owner, who track them in its log',
        'penetration test': 'a pen-test report is triaged as a whole at its read-out, whatever dates it sets',
      },
    },
  },
  research_notes: {
    'Compliance review': {
      note_type: {
        'model update':
          'a model update changes only the numbers behind a view already published, and goes out under that note’s disclosure',
      },
    },
  },
  court_deadlines: {
    'Diary entry': {
      deadline_kind: {
        'limitation period':
          'limitation dates are kept on the risk team’s limitation register from the day a matter opens, which sends its own reminders',
      },
      court: {
        'LCIA arbitration':
          'an arbitral timetable is diarised by the arbitration team from the tribunal’s procedural order, in its own case system',
      },
    },
  },
  feed_articles: {
    'Follow-up': {
      source: {
        'Business Wire Daily':
          'a Business Wire Daily item is the company’s own press release, which the desk waits to see reported before following up',
      },
      category: {
        sports: 'sports news is the sports desk’s, which follows up its own stories',
        technology: 'the technology desk follows up its own beat, with its own specialists',
      },
    },
  },
  transactions: {
    Escalation: {
      category: {
        travel: 'travel is booked through the travel agency, who take up a wrong charge with their own supplier',
        training: 'training is booked on the L&D budget, whose owner queries the provider directly',
      },
    },
  },
  partner_mails: {
    // (what the shared mailbox's own rules already forward on arrival)
    Routing: {
      topic: {
        delivery:
          'delivery questions are forwarded to the logistics desk by the mailbox rule on arrival, by their carrier reference',
      },
      language: {
        Chinese: 'messages in Chinese are forwarded to the Shanghai office by the mailbox rule on arrival',
        Spanish: 'messages in Spanish go straight to the Madrid agent’s inbox under the agency agreement',
      },
    },
    'Large orders': {
      language: {
        Japanese: 'the Tokyo liaison office takes its partners’ large orders itself, with the key-account team in copy',
        Chinese: 'the Shanghai office books its partners’ large orders against its own allocation',
      },
    },
  },
  news_items: {
    Flagging: {
      outlet: {
        'Financial Times':
          'FT stories on our clients reach their account teams through the company alerts on the firm’s FT subscription',
        'trade press':
          'trade-press coverage of a client is in the sector team’s digest, which every account team on the sector reads',
        'The Wall Street Journal':
          'WSJ pieces on clients reach the account teams through the Factiva alerts the library set up for each account',
      },
    },
    'False matches': {
      outlet: {
        Bloomberg:
          'Bloomberg items come from the terminal alerts, matched on tickers rather than the search this tunes',
      },
    },
  },
  chart_requests: {
    'Chart production': {
      chart_type: {
        'choropleth map':
          'choropleth maps are drawn by the cartographer from the boundary files she keeps, not from figures the desk sends',
        'locator map':
          'locator maps are filled in by the picture desk from its own map templates, with no figures to draw',
      },
    },
    Scheduling: {
      chart_type: {
        'choropleth map': 'choropleth maps go to the cartographer’s own queue, never to the designers this slot books',
        'locator map': 'locator maps are made by the picture desk from its templates, with no designer needed',
      },
    },
    'Data chase': {
      chart_type: {
        'locator map': 'a locator map needs only the place names, which the cartographer looks up herself',
      },
    },
  },
  video_edits: {
    // (a platform that takes no cover from us, or shows none)
    'Cover images': {
      platform: {
        TikTok:
          'TikTok takes its cover from a frame the social team picks in the app at upload, so there is none to cut',
        'website hero': 'a website hero autoplays on loop in its page, so it is never shown with a cover',
      },
    },
    // (long edits are picked from a browse page by their cover: these are never on one)
    'Long-form covers': {
      platform: {
        TikTok: 'a TikTok plays straight from the feed, with no browse page to pick it from by its cover',
        'website hero': 'a website hero plays on loop inside the page, so nobody picks it from a browse page',
        'internal all-hands': 'an all-hands video is played at the meeting itself, never picked from a browse page',
      },
    },
    'Client review covers': {
      platform: {
        'internal all-hands':
          'an all-hands video has no client: internal comms signs off the cut and its cover in the edit suite',
        'website hero': 'a website hero plays on loop in the page itself, so there is no cover for the client to sign',
        TikTok:
          'a TikTok edit takes its cover from a frame picked in the app at upload, so there is no cover to sign off',
      },
    },
    'Client review': {
      platform: {
        'internal all-hands': 'an all-hands video goes to internal comms for sign-off, not to a client',
      },
    },
  },
  field_plots: {
    'Failsafe watering': {
      crop: {
        maize: 'the maize is watered by the digester operator’s rig on its own calendar, whatever our probe reads',
        potatoes: 'the potatoes are irrigated by the packer’s contractor, to the schedule in the supply contract',
      },
    },
    'Probe maintenance': {
      crop: {
        potatoes: 'the potato plots’ probes are the packer’s, fitted and serviced under its supply contract',
      },
    },
  },
  aircraft_inspections: {
    Planning: {
      aircraft_type: {
        E190: 'the E190s fly for the regional partner, whose own maintenance control plans their checks',
      },
    },
  },
  stories: {
    'Legal read': {
      story_format: {
        'live blog': 'a live blog is read entry by entry by the duty lawyer on the live desk, as each entry goes up',
        'op-ed': [
          'op-eds are read by the comment editor with the lawyer at the weekly comment conference, before they are scheduled',
        ],
      },
    },
  },
  pull_requests: {
    'Changes requested': {
      repo: {
        'search-indexer':
          'search-indexer checks run against the search team’s own staging cluster, whose on-call fixes their failures',
        'mobile-app': 'mobile-app builds run in the mobile team’s own CI, whose build sheriff chases every failure',
      },
    },
  },
};

/** `base` with `more`'s kinds added per record type, act and field (a value `more` names takes its reasons). */
export function withMoreSpared(
  base: Readonly<Record<string, ByAct>>,
  more: Readonly<Record<string, ByAct>>,
): Readonly<Record<string, ByAct>> {
  const out: Record<string, Record<string, Record<string, Record<string, ByAct[string][string][string]>>>> = {};
  for (const src of [base, more])
    for (const [name, acts] of Object.entries(src))
      for (const [act, fields] of Object.entries(acts))
        for (const [field, kinds] of Object.entries(fields)) {
          const n = (out[name] ??= {});
          const a = (n[act] ??= {});
          a[field] = { ...a[field], ...kinds };
        }
  return out;
}

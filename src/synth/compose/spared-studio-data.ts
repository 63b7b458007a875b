import type { ByAct } from './spared-kinds.js';

// The kinds of record the work on media, research and automation records spares, per act (spared-data.ts says why
// a reason belongs to one act's work only).

export const STUDIO_SPARED: Readonly<Record<string, ByAct>> = {
  market_reports: {
    Replacement: {
      publisher: {
        'company filing': 'a filing is the record of its own period, which a later filing adds to but never replaces',
        // (the act marks the old edition superseded: a reason about ordering the new one answers another work)
        IDC: 'IDC figures are quoted from the IDC portal, which always serves the current edition, never from a library copy',
        Gartner: 'Gartner retires its own superseded notes, and the seat points to the newer one',
      },
    },
    Summary: {
      publisher: {
        Gartner: 'Gartner notes come with the analyst’s own key findings, which the seat includes',
        Statista: 'a Statista page is one chart with its figure on its face, so there is nothing to summarise',
      },
    },
    'Licence check': {
      publisher: {
        'company filing': 'a filing is quoted from the regulator’s public copy, whatever the state of our own download',
        Statista: 'the Statista seat is on the library’s site licence, which it renews for everyone',
        Gartner: 'Gartner research comes with the enterprise seat the CIO’s office renews',
        McKinsey:
          'McKinsey pieces are licensed once for the whole firm by the strategy office, which tracks that licence itself',
      },
    },
  },
  news_items: {
    Flagging: {
      outlet: {
        Reuters: [
          'Reuters items about a client reach its account team straight from the wire alert',
          'the account team gets Reuters items on its clients from its own wire alert, the moment they run',
          'Reuters stories on our clients are pushed to their account teams by the wire desk as they break',
        ],
        Bloomberg: [
          'Bloomberg stories about a client reach its account team through the terminal alerts they set',
          'account teams watch their clients on their own Bloomberg terminals, with alerts they set themselves',
        ],
      },
    },
    'False matches': {
      outlet: {
        Reuters: 'Reuters items come from the wire alert, matched on tickers rather than the search this tunes',
      },
    },
    Archive: {
      outlet: {
        'trade press': 'trade-press pieces are already in the weekly sector digest the team sends',
        Reuters: 'Reuters items reach the desk through the wire alert, which logs them already',
      },
    },
  },
  access_reviews: {
    'Sign-off': {
      system: {
        Okta: 'Okta access is signed off by the identity team as part of the quarterly SSO certification',
        Workday: 'Workday access follows the HR role, which HR re-certifies itself',
      },
    },
    Revocation: {
      system: { Workday: 'Workday access goes with the HR role, and HR removes it when the role ends' },
    },
  },
  social_posts: {
    'Boost stop': {
      channel: {
        LinkedIn: [
          'LinkedIn is run by the employer-brand team in HR, with a budget of its own',
          'LinkedIn boosts are paid from HR’s employer-brand budget, which is not this one',
        ],
        'YouTube Shorts': 'Shorts are boosted from the video team’s own budget, which is still open',
        TikTok: 'TikTok boosts come out of the launch campaign’s budget, which is still open',
      },
    },
    'Pre-publication check': {
      channel: {
        LinkedIn: [
          'LinkedIn is run by the employer-brand team in HR, who sign off their own posts',
          'LinkedIn posts go out from the executives’ own profiles, which their office checks',
        ],
        'YouTube Shorts': 'Shorts are checked by the video team with its main uploads, before they are scheduled',
      },
    },
  },
  security_findings: {
    'Risk acceptance review': {
      severity: {
        informational: 'an informational finding needs no risk accepted, so there is nothing to approve again',
      },
    },
    'Remediation chase': {
      source: {
        'internal audit': 'audit findings are chased by internal audit, who agree the actions with each owner',
      },
    },
  },
  design_requests: {
    Hold: {
      deliverable: { 'logo refresh': 'a logo refresh is the brand team’s own project, approved as it goes' },
    },
    'Deadline check': {
      deliverable: {
        'logo refresh': 'a logo refresh is a brand project the brand director staffs and schedules herself',
        'slide template': 'slide templates are maintained by the brand team, outside the request queue',
      },
    },
    'Revision cap': {
      deliverable: { 'logo refresh': 'a logo refresh runs as many rounds as the brand director asks for' },
    },
  },
  episodes: {
    'Release prep': {
      show: {
        'The Long Read (audio)': 'The Long Read is produced by the partner newspaper, which handles its own release',
        'Money Talks': 'Money Talks is produced with the sponsor, whose team signs off every episode',
      },
    },
    'Explicit tagging': {
      show: { 'The Long Read (audio)': 'The Long Read is distributed by the partner newspaper, which sets its tags' },
    },
    'Ad slot sales': {
      show: { 'Money Talks': 'Money Talks carries only its sponsor’s spots, so it has no slots to offer' },
    },
  },
  stories: {
    'Subbing slot': {
      story_format: {
        'live blog': 'a live blog is moderated by the live desk as it runs, entry by entry',
        review: 'reviews are commissioned and edited by the arts desk, under its own rota',
      },
    },
  },
  workflows: {
    'Alerting set-up': {
      trigger: {
        manual: 'a manual workflow runs only when someone starts it, who sees it fail',
        schedule: 'scheduled workflows are covered by the scheduler’s own run report each morning',
      },
    },
    Pause: {
      trigger: { manual: 'a manual workflow runs only when someone starts it, so it never fires again unattended' },
      // (its runs write to test connections: a failing run there damages no live record)
      environment: {
        staging: 'a staging workflow runs against the sandbox connections, so its failed runs touch no live record',
        test: 'a test workflow replays recorded data in the QA workspace, so its failed runs touch no live record',
        development:
          'a development workflow is its builder’s test copy on sandbox connections, and failing is how it gets debugged',
      },
    },
  },
  cited_sources: {
    'Re-verification': {
      source_type: {
        'official statistics': [
          'official statistics stay at a stable address on the statistics office’s site',
          'official figures are revised only on the statistics office’s published calendar, which the team already follows',
        ],
        interview: 'an interview is our own notes, kept in the project folder, not a page that can change',
        dataset: 'a dataset is pinned to the version we downloaded, which is kept with the project',
        'company filing': 'a company filing never changes once filed; a correction comes as a new filing',
      },
    },
  },
  web_page_builds: {
    'Page build': {
      template: {
        'blog post': 'blog posts are published by the content team through the CMS, outside the build queue',
        microsite: 'microsites are built by the agency that designed them, under its own contract',
      },
      source_material: {
        'existing page':
          'a page rebuilt from one already live is moved across by the CMS migration script, with its copy as it stands',
        'video transcript':
          'a page cut from a video is built by the video team around the player, once the captions are signed off',
      },
    },
    'Performance fix': {
      template: { microsite: 'microsites are fixed by the agency that built them, under its own contract' },
    },
  },
};

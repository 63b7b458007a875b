import type { FigureUses } from './figure-use-types.js';

// The figures of the newsroom's, the research desk's, facilities' and the studio's records, and what each team
// takes them to (figure-uses-data.ts gathers them).

export const MEDIA_FIGURE_USES: Readonly<Record<string, FigureUses>> = {
  stories: {
    reader: 'managing editor',
    figures: {
      max: [
        'to see whether the longest piece fits the print slot',
        'to plan the page space',
        'to brief the subs on the longest piece',
        { reader: 'production editor', for: ['to plan the page layout'] },
      ],
      count: [
        'for the editorial planning meeting',
        'for the weekly desk review',
        'for the morning news conference',
        'for the commissioning budget review',
      ],
    },
  },
  social_posts: {
    reader: 'social media lead',
    figures: {
      sum: [
        'for the monthly social report',
        'for the client report',
        "to compare with last month's reach",
        { reader: 'marketing director', for: ['for the campaign wrap-up'] },
      ],
      count: [
        'for the social team stand-up',
        'for the content calendar review',
        'for the monthly social report',
        'for the brand safety review',
      ],
    },
  },
  media_assets: {
    reader: 'rights manager',
    figures: {
      sum: [
        'for the rights check with legal',
        'to check against the rights budget',
        'for the picture desk budget review',
        { reader: 'finance controller', for: ['for the licence fee accrual'] },
      ],
      count: [
        'for the rights check with legal',
        'for the archive review',
        'for the rights audit',
        'for the picture desk meeting',
      ],
    },
  },
  episodes: {
    reader: 'scheduling editor',
    figures: {
      max: [
        'to check the longest against the schedule slot',
        'to plan the ad breaks',
        'to book the edit time for the longest',
        { reader: 'ad sales lead', for: ['to plan the ad inventory'] },
      ],
      count: [
        'for the editorial planning meeting',
        'for the release schedule meeting',
        'for the commissioning review',
        'for the audience report',
      ],
    },
  },
  papers: {
    reader: 'research lead',
    figures: {
      count: [
        'for the reading group',
        'for the research review',
        'for the literature review',
        'for the lab meeting',
        { reader: 'PhD supervisor', for: ['for the supervision meeting'] },
      ],
    },
  },
  market_reports: {
    reader: 'head of research',
    figures: {
      sum: [
        'to check against the research budget',
        'for the subscriptions review',
        'for the budget round',
        { reader: 'procurement lead', for: ['for the renewal talks with the publishers'] },
      ],
      count: [
        'for the research review',
        'for the subscriptions review',
        "for the analysts' meeting",
        'for the knowledge management report',
      ],
    },
  },
  news_items: {
    reader: 'head of communications',
    figures: {
      max: [
        'for the client briefing',
        'to decide which story leads the briefing',
        'to judge how far the story has spread',
        { reader: 'press officer', for: ['to decide whether to prepare a statement'] },
      ],
      count: [
        'for the client briefing',
        'for the morning briefing',
        'for the weekly media coverage report',
        'for the communications team meeting',
      ],
    },
  },
  cited_sources: {
    reader: 'research lead',
    figures: {
      count: [
        'for the client briefing',
        'for the fact-check log',
        'for the editorial standards review',
        'for the sources audit',
      ],
    },
  },
  room_bookings: {
    reader: 'office manager',
    figures: {
      sum: [
        'for the facilities review',
        'for the space utilisation report',
        'to check the floor stays under its occupancy limit',
        { reader: 'front of house lead', for: ['to plan the meeting room set-ups'] },
      ],
      count: [
        'for the facilities review',
        'for the space utilisation report',
        'for the workplace committee',
        'for the meeting rooms review',
      ],
    },
  },
  purchase_requests: {
    reader: 'facilities lead',
    figures: {
      sum: [
        'to check against the facilities budget',
        'for the budget review',
        'for the month-end commitments report',
        { reader: 'finance business partner', for: ['for the spend forecast'] },
      ],
      count: [
        'for the facilities review',
        'for the purchasing report',
        'for the budget review',
        'for the approvals backlog review',
      ],
    },
  },
  equipment_loans: {
    reader: 'IT asset manager',
    figures: {
      sum: [
        'for the insurance schedule',
        'to see how much kit is out on loan',
        'for the asset register review',
        { reader: 'finance controller', for: ['for the fixed asset check'] },
      ],
      count: [
        'for the asset register review',
        'for the IT service review',
        'for the loans audit',
        'for the kit amnesty plan',
      ],
    },
  },
  visitor_passes: {
    reader: 'reception lead',
    figures: {
      sum: [
        'for the fire register',
        'to order enough visitor badges',
        "to check the site's visitor limit",
        { reader: 'security manager', for: ['for the site security brief'] },
      ],
      count: [
        'for the visitor log audit',
        'for the reception team briefing',
        'for the site security report',
        'for the front-of-house review',
      ],
    },
  },
  design_requests: {
    reader: 'studio manager',
    figures: {
      // (no freelance cover: the studio's work on these records is holding them, which frees designers, never needs
      // more of them)
      sum: [
        "to plan the designers' week",
        'to see how many designer hours are tied up in them',
        'for the studio capacity plan',
        { reader: 'account director', for: ['to update the client on delivery times'] },
      ],
      count: [
        'for the studio planning session',
        'for the studio stand-up',
        'for the client status report',
        'for the monthly studio report',
      ],
    },
  },
  chart_requests: {
    reader: 'studio manager',
    figures: {
      count: [
        'for the studio planning session',
        'for the graphics desk meeting',
        'for the weekly graphics report',
        { reader: 'graphics editor', for: ['for the news conference'] },
      ],
    },
  },
  video_edits: {
    reader: 'post-production lead',
    figures: {
      max: [
        'to check the longest cut against the slot',
        'to plan the render queue',
        'to book the grading time for the longest cut',
        { reader: 'producer', for: ["to check the longest cut against the broadcaster's delivery spec"] },
      ],
      count: [
        'for the post-production meeting',
        'for the edit suite schedule review',
        "for the producers' meeting",
        'for the delivery schedule review',
      ],
    },
  },
  web_page_builds: {
    reader: 'web lead',
    figures: {
      min: [
        'for the web production meeting',
        'to see how far the worst page is from the launch bar',
        'for the site quality report',
        { reader: 'SEO lead', for: ['to judge the risk to our search rankings'] },
      ],
      count: [
        'for the client review',
        'for the web production meeting',
        'for the launch checklist review',
        'for the sprint review',
      ],
    },
  },
};

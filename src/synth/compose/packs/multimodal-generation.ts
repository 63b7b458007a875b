import { studio } from '../../../services/domains/studio.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import { colleague, fresh, stateOf } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource } from './table-source.js';
import {
  BRIEF_TERMS,
  BUILD_TERMS,
  EDIT_TERMS,
  FRAME,
  inLanguage,
  inSeason,
  POINTS,
  SPEC_TERMS,
} from './multimodal-generation-data.js';
import { chartDataPath, chartFigures, copyDeckPath, copyDeckText, coverFramePath } from './studio-material.js';
import { LONGEST, EDIT_LEAD } from './multimodal-generation-data.js';
import { CHART_TITLES, DESIGN_TITLES, PAGE_TITLES } from './multimodal-generation-titles.js';
import { videoTitle } from './video-titles.js';
import { brief, buildNotes, chartSpec, editNotes } from './multimodal-generation-notes.js';

// Multimodal_Generation: a creative studio's job tracker — design requests, charts and maps for reports and
// articles, video edits from raw footage to delivered cut, and web pages built from decks and documents.
// Titles, briefs and edit notes are what a studio producer or a designer would see.

// the days a design job takes to reach each status from its brief (before any revision rounds)
const STAGE_DAYS: Readonly<Record<string, number>> = {
  'brief received': 0,
  'in design': 1,
  'internal review': 3,
  'with requester': 4,
  revisions: 4,
  approved: 5,
  delivered: 6,
  'on hold': 1,
};

export const designRequests = packSource({
  name: 'design_requests',
  system: studio,
  table: 'design_requests',
  fixed: ['deliverable', 'brand_approved', 'revision_rounds'],
  // posters, banner ads and social graphics are a design desk's work (Content_Media/Design), no generated map or page
  domains: ['Content_Media'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'estimated_hours', label: 'estimated design time', unit: 'hours' },
  fields: {
    deliverable: { label: 'deliverable', weights: [4, 2, 2, 2, 2, 2, 1] },
    due_on: { label: 'needed-by date', from: -5, to: 30, verb: 'needed', past: 'needed' },
    revision_rounds: { label: 'revision rounds', min: 0, max: 6, step: 1, unit: 'rounds' },
    brand_approved: {
      label: 'brand sign-off',
      yes: 'signed off by the brand team',
      no: 'not yet signed off by the brand team',
      p: 0.45,
    },
    status: { label: 'job status', weights: [2, 4, 2, 2, 2, 1, 2, 1] },
    brief: { label: 'brief', terms: BRIEF_TERMS, write: brief },
  },
  make: (w, id, i) => ({
    design_id: id,
    requester: colleague(w, i + 4).email,
    designer: colleague(w, i).email,
    estimated_hours: w.rng.pick([2, 3, 4, 6, 8, 12, 16]),
  }),
  derive: (rec, w, i) => {
    // asked for a few weeks before it is needed, and long enough ago for the work its status and rounds show: a
    // day or two per stage reached and a few days per round of revisions (none "requested today" with 3 rounds)
    const worked = (STAGE_DAYS[String(rec.status)] ?? 0) + 3 * Number(rec.revision_rounds ?? 0);
    const drawn = addDays(rec.due_on, -w.rng.int(5, 20));
    const latest = onDay(w, worked ? -worked - w.rng.int(0, 3) : 0);
    const asked = drawn < latest ? drawn : latest;
    return {
      title: fresh(
        w,
        'design title',
        inSeason(DESIGN_TITLES[String(rec.deliverable)] ?? ['Design job'], w.today),
        i,
        inLanguage,
      ),
      requested_on: asked,
    };
  },
  // revision rounds come after a first design: none while the brief has only just come in
  agree: (rec, w) =>
    ['brief received', 'in design'].includes(String(rec.status)) && Number(rec.revision_rounds) > 0
      ? [
          { revision_rounds: 0 },
          ...shuffle(w.rng, ['revisions', 'with requester', 'internal review']).map((status) => ({ status })),
        ]
      : [],
  title: (rec) => `${rec.design_id} (${rec.title}, ${rec.deliverable})`,
  nameField: { field: 'title', label: 'request title' },
  owner: { field: 'designer', role: 'designer' },
  textField: 'brief',
});

export const chartRequests = packSource({
  name: 'chart_requests',
  system: studio,
  table: 'chart_requests',
  noun: ['chart request', 'chart requests'],
  // (a chart's kind and size are what its figures were sent as)
  fixed: ['chart_type', 'data_points'],
  domains: ['Multimodal_Generation'],
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'data_points', label: 'data points', unit: 'points', additive: false },
  fields: {
    chart_type: { label: 'chart type', weights: [4, 4, 1, 1, 1, 2, 1] },
    data_points: { label: 'data points', min: 3, max: 24, step: 1 },
    due_on: { label: 'needed-by date', from: -5, to: 21, verb: 'needed', past: 'needed' },
    accessible_palette: {
      label: 'colour check',
      yes: 'passing the colour-blind check',
      no: 'failing the colour-blind check',
      p: 0.6,
    },
    status: { label: 'job status', weights: [3, 1, 3, 2, 2, 1] },
    spec: { label: 'spec', terms: SPEC_TERMS, write: chartSpec, ofRecord: true },
  },
  make: (w, id, i) => ({
    chart_id: id,
    // (the studio draws its charts as SVG, which the article, the deck and print all take)
    output_format: 'SVG',
    requester: colleague(w, i + 4).email,
    data_visualiser: colleague(w, i).email,
  }),
  derive: (rec, w, i) => ({
    title: fresh(
      w,
      'chart title',
      CHART_TITLES[String(rec.chart_type)] ?? ['Chart'],
      i,
      (t, n) => `${t}, ${['print', 'social', 'slide'][n % 3]} version`,
    ),
  }),
  // a chart of its kind holds that many points (a locator map a handful of places, a scatter plot hundreds)
  agree: (rec, w) => {
    const n = Number(rec.data_points);
    const [lo, hi] = POINTS[String(rec.chart_type)] ?? [1, 999];
    if (n >= lo && n <= hi) return [];
    const kinds = Object.entries(POINTS).filter(([, [a, b]]) => n >= a && n <= b);
    return [...shuffle(w.rng, kinds).map(([chart_type]) => ({ chart_type })), { data_points: w.rng.int(lo, hi) }];
  },
  title: (rec) => `${rec.chart_id} (${rec.title}, ${rec.chart_type})`,
  // each bar or line chart's figures as the requester sent them, one CSV per request
  files: (records, w) =>
    Object.fromEntries(
      records.flatMap((rec) => {
        // (a request still waiting for its data has none)
        const f = rec.status === 'needs data' ? undefined : chartFigures(rec, w);
        return f
          ? [[chartDataPath(rec), `${f.dim},${f.measure}\n${f.rows.map(([l, v]) => `${l},${v}`).join('\n')}\n`]]
          : [];
      }),
    ),
  nameField: { field: 'title', label: 'chart title' },
  owner: { field: 'data_visualiser', role: 'data visualiser' },
  textField: 'spec',
});

// an edit made for the firm's own staff (the all-hands video): it has no client to review it
const internal = (platform: unknown) => String(platform).startsWith('internal');
const PLATFORMS_WITH_CLIENT = Object.keys(LONGEST).filter((p) => !internal(p));

export const videoEdits = packSource({
  name: 'video_edits',
  system: studio,
  table: 'video_edits',
  fixed: ['platform'],
  domains: ['Multimodal_Generation'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'runtime_sec', label: 'target running time', unit: 'seconds', additive: false },
  fields: {
    platform: { label: 'platform', weights: [3, 2, 2, 3, 1, 1] },
    due_on: { label: 'delivery date', from: -5, to: 30, verb: 'due for delivery', past: 'due for delivery' },
    runtime_sec: { label: 'target running time', min: 15, max: 600, step: 5 },
    captions_required: {
      label: 'captions',
      yes: 'needing burnt-in captions',
      no: 'not needing burnt-in captions',
      p: 0.5,
    },
    // (an edit's footage has come in: it has a date it was received)
    status: {
      label: 'edit status',
      // (a cut is reviewed in house before a client sees it; an internal one, the all-hands video, has no client)
      values: [
        'rough cut',
        'fine cut',
        'colour and sound',
        'internal review',
        'client review',
        'exported',
        'delivered',
      ],
      weights: [2, 2, 1, 1, 2, 1, 2],
    },
    edit_notes: { label: 'edit notes', terms: EDIT_TERMS, write: editNotes, ofRecord: true },
  },
  // an internal cut is reviewed in house, never by a client; a cut runs no longer than its platform takes (a Reel,
  // a hero loop): a longer one is trimmed or goes elsewhere
  agree: (rec, w) => {
    if (internal(rec.platform) && rec.status === 'client review')
      return [
        { status: 'internal review' },
        ...shuffle(
          w.rng,
          Object.keys(LONGEST).filter((p) => !internal(p)),
        ).map((platform) => ({ platform })),
      ];
    const most = LONGEST[String(rec.platform)] ?? 600;
    const secs = Number(rec.runtime_sec);
    if (secs <= most) return [];
    const shorter = shuffle(
      w.rng,
      [15, 20, 30, 45, 60, 75, 90, 120, 150, 180, 240, 300].filter((s) => s <= most),
    );
    const roomy = Object.keys(LONGEST).filter((p) => (LONGEST[p] ?? 0) >= secs);
    return [
      ...shorter.map((runtime_sec) => ({ runtime_sec })),
      ...shuffle(w.rng, roomy).map((platform) => ({ platform })),
    ];
  },
  make: (w, id, i) => ({ edit_id: id, editor: colleague(w, i).email }),
  // the footage is in some days before the edit got as far as it has (no fine cut of rushes that came today)
  derive: (rec, w) => {
    const arrived = addDays(rec.due_on, -w.rng.int(5, 25));
    const lead = (EDIT_LEAD[String(rec.status)] ?? 1) + w.rng.int(0, 3);
    // a cut of half a minute or less is a cut-down of the longer piece its title names, and says so
    const secs = Number(rec.runtime_sec);
    // (the title is the platform's kind of piece: drawn once the platform is final)
    const title = videoTitle(w, rec.platform);
    return {
      title: secs <= 30 && !/teaser|tips|hero loop/i.test(title) ? `${title} (${secs}-second cut-down)` : title,
      aspect_ratio: FRAME[String(rec.platform)] ?? '16:9 landscape',
      footage_received_on: daysFrom(w.today, arrived) > -lead ? onDay(w, -lead) : arrived,
    };
  },
  title: (rec) => `${rec.edit_id} (${rec.title}, ${rec.platform})`,
  // the frame the editor picked for each edit's cover, exported from the timeline
  files: (records) =>
    Object.fromEntries(
      records.map((rec, i) => [
        coverFramePath(rec),
        // each edit's shot framed its own way: no two covers of a task come from alike stills
        { png: { kind: 'video_still', title: String(rec.title), caption: String(rec.edit_id), layout: i % 15 } },
      ]),
    ),
  nameField: { field: 'title', label: 'video title' },
  owner: { field: 'editor', role: 'video editor' },
  textField: 'edit_notes',
});

export const webPageBuilds = packSource({
  name: 'web_page_builds',
  system: studio,
  table: 'web_page_builds',
  fixed: ['template'],
  domains: ['Multimodal_Generation'],
  capabilities: ['Logic_Reasoning'],
  // the pages' performance: their average, or the weakest page, is what a web lead asks about (never a sum)
  measure: { field: 'lighthouse_score', label: 'Lighthouse score', unit: 'points', additive: false, mean: true },
  fields: {
    template: { label: 'template', weights: [4, 3, 2, 2, 1, 1] },
    launch_on: { label: 'go-live date', from: -10, to: 30, verb: 'launching', past: 'launched' },
    lighthouse_score: { label: 'Lighthouse score', min: 30, max: 100, step: 1, unit: 'points' },
    seo_reviewed: { label: 'SEO review', yes: 'reviewed by SEO', no: 'not yet reviewed by SEO', p: 0.5 },
    notes: { label: 'build notes', terms: BUILD_TERMS, write: buildNotes },
    // (what the page's copy deck was made from: a page moved over from the old site or cut from a video goes its own way)
    source_material: { label: 'source material', weights: [2, 2, 3, 2, 3] },
  },
  make: (w, id, i) => ({
    build_id: id,
    developer: colleague(w, i).email,
  }),
  // how far a build has got follows from its go-live date
  derive: (rec, w, i) => {
    const d = daysFrom(w.today, rec.launch_on);
    const status = stateOf(
      rec,
      'status',
      w,
      d < 0
        ? ['live', 'live', 'live', 'rolled back']
        : d <= 7
          ? ['QA', 'staging', 'staging']
          : // (a page with a Lighthouse score is built already: past its wireframe and design)
            ['build'],
    );
    return {
      page_title: fresh(
        w,
        'page title',
        inSeason(PAGE_TITLES[String(rec.template)] ?? ['New page'], w.today),
        i,
        inLanguage,
      ),
      status,
    };
  },
  title: (rec) => `${rec.build_id} (${rec.page_title}, ${rec.template})`,
  // each page's copy deck from marketing: its sections in page order, the copy of each
  files: (records, w) => Object.fromEntries(records.map((rec) => [copyDeckPath(rec), copyDeckText(rec, w)])),
  nameField: { field: 'page_title', label: 'page title' },
  owner: { field: 'developer', role: 'web developer' },
  textField: 'notes',
});

export const actions = [
  packAction(designRequests, studio, {
    name: 'hold_design',
    lean: { brand_approved: false },
    sections: ['Hold', 'Design hold'],
    from: ['brief received', 'in design', 'internal review', 'with requester', 'revisions'],
    field: 'status',
    value: 'on hold',
    phrases: ['put each of those design requests "on hold"', 'set each of them to on hold'],
  }),
  packAction(videoEdits, studio, {
    name: 'edit_to_client',
    approves: true,
    lean: { due_on: 'ahead' },
    sections: ['Client review', 'Sign-off'],
    from: ['rough cut', 'fine cut', 'colour and sound', 'internal review'],
    // (only an edit with a client goes to client review: the all-hands video stays in house)
    when: { platform: PLATFORMS_WITH_CLIENT },
    field: 'status',
    value: 'client review',
    phrases: ['move each of those edits to "client review"', 'set each of those video edits to client review'],
    capabilities: ['Tool_Calling'],
  }),
  packAction(webPageBuilds, studio, {
    name: 'seo_review',
    // a page signed off for search is one that performs
    lean: { lighthouse_score: 'high' },
    sections: ['SEO review', 'Search review'],
    when: { status: ['build', 'QA', 'staging', 'live'] },
    field: 'seo_reviewed',
    value: true,
    phrases: ['mark each of those builds as reviewed by SEO', 'record the SEO review as done on each of them'],
    capabilities: ['Tool_Calling'],
  }),
];

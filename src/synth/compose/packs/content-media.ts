import { cms } from '../../../services/domains/cms.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import { colleague, fresh, stateOf } from '../sources/kit.js';
import type { Rec, World } from '../parts.js';
import { addDays, nth, onDay, packAction, packSource, refId } from './table-source.js';
import {
  ASSETS,
  CAPTION_TERMS,
  DESK_TERMS,
  EPISODES,
  LENGTHS,
  LICENCE_FEES,
  LICENCES,
  LICENSED,
  POST_TERMS,
  MEDIA,
  RUNTIME,
  SHOW_NOTE_TERMS,
  STORIES,
  COURT_STORIES,
} from './content-media-data.js';
import { caption, deskNote, postCopy, showNotes } from './content-media-notes.js';

// Content_Media: a publisher's story budget, the social posts promoting its pieces, the licensed pictures and
// clips in the media library, and the podcast and video episodes in production. Headlines, captions and show
// notes are what a desk editor, a social editor or a picture researcher would see.

// a headline of the task's records not taken yet that runs in `format`, and its section (a note about court
// reporting is on a piece from a court, embargoed figures on news, business or technology, an anonymous source
// or a right of reply on reporting that makes claims about someone: never a review, an opinion or a sports piece)
function headlineFor(w: World, format: unknown, i: number, notes: unknown): Rec {
  const court = /court reporting/i.test(String(notes ?? ''));
  const figures = /embargoed figures/i.test(String(notes ?? ''));
  const claims = /anonymous source|right of reply/i.test(String(notes ?? ''));
  const ofFormat = STORIES.filter(
    ([h, , formats]) => formats.includes(String(format)) && COURT_STORIES.has(h) === court,
  );
  const fitting = ofFormat.filter(
    ([, section, formats]) =>
      (!figures || ['News', 'Business', 'Technology'].includes(section)) &&
      (!claims || (['News', 'Business', 'Technology', 'Features'].includes(section) && !formats.includes('review'))),
  );
  const fit = (fitting.length ? fitting : ofFormat).map(([h]) => h);
  const headline = fresh(w, 'headline', fit.length ? fit : STORIES.map(([h]) => h), i, (h, n) =>
    h.startsWith('Live:') ? `${h}, day ${n + 1}` : `${h}: the follow-up`,
  );
  return { headline, section: STORIES.find(([h]) => headline.startsWith(h))?.[1] ?? 'News' };
}

export const stories = packSource({
  name: 'stories',
  system: cms,
  table: 'stories',
  fixed: ['story_format'],
  domains: ['Content_Media'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'word_count', label: 'commissioned length', unit: 'words', mean: true, additive: false },
  fields: {
    story_format: { label: 'format', weights: [5, 3, 2, 2, 1, 1, 1] },
    word_count: { label: 'commissioned length', min: 300, max: 3000, step: 50 },
    due_on: { label: 'filing deadline', from: -5, to: 21, verb: 'due to file', past: 'due to file' },
    legal_read_required: {
      label: 'legal read',
      yes: 'needing a legal read',
      no: 'not needing a legal read',
      p: 0.25,
    },
    notes: { label: 'desk notes', terms: DESK_TERMS, write: deskNote },
  },
  make: (w, id, i) => ({ story_id: id, author: colleague(w, i).email, editor: colleague(w, i + 3).email }),
  // the piece is one that runs in its format; where a story is follows from its filing deadline: not yet due, it
  // is still being written
  // (a published story's embargo has lifted: it is not later than today)
  // a story its social posts promote (their fitParent set its embargo) is commissioned at least, never spiked, and
  // once its embargo has lifted it is out
  derive: (rec, w, i) => {
    const promoted = typeof rec.embargo_until === 'string';
    // (due today is still due: a story the desk must file today is not out yet, review 50)
    const filing = daysFrom(w.today, rec.due_on) >= 0;
    const status = stateOf(
      rec,
      'status',
      w,
      promoted && daysFrom(w.today, rec.embargo_until) <= 0
        ? ['published']
        : filing
          ? promoted
            ? ['commissioned', 'commissioned', 'filed']
            : ['pitched', 'commissioned', 'commissioned', 'commissioned', 'filed']
          : promoted
            ? ['filed', 'subbing', 'legal read', 'scheduled', 'scheduled']
            : ['filed', 'subbing', 'subbing', 'legal read', 'scheduled', 'published', 'published', 'spiked'],
    );
    const embargo = promoted ? String(rec.embargo_until) : addDays(rec.due_on, w.rng.pick([0, 1, 1, 2]));
    const lifted = status === 'published' && daysFrom(w.today, embargo) > 0 ? onDay(w, 0) : embargo;
    return { ...headlineFor(w, rec.story_format, i, rec.notes), embargo_until: lifted, status };
  },
  // a story is commissioned at a length its format runs to (no 3,000-word news story, no 300-word feature)
  agree: (rec, w) => {
    const words = Number(rec.word_count);
    const [lo, hi] = LENGTHS[String(rec.story_format)] ?? [0, 99_999];
    if (words >= lo && words <= hi) return [];
    const kinds = Object.entries(LENGTHS).filter(([, [a, b]]) => words >= a && words <= b);
    return [
      ...shuffle(w.rng, kinds).map(([story_format]) => ({ story_format })),
      { word_count: 50 * w.rng.int(lo / 50, hi / 50) },
    ];
  },
  title: (rec) => `${rec.story_id} (${rec.headline})`,
  nameField: { field: 'headline', label: 'headline' },
  owner: { field: 'editor', role: 'commissioning editor' },
  textField: 'notes',
});

export const socialPosts = packSource({
  name: 'social_posts',
  system: cms,
  table: 'social_posts',
  fixed: ['channel'],
  domains: ['Content_Media'],
  capabilities: ['Data_Analysis'],
  measure: { field: 'impressions', label: 'impressions', unit: 'impressions', mean: true },
  fields: {
    channel: { label: 'channel', weights: [3, 3, 2, 2, 1, 1] },
    scheduled_for: { label: 'publication date', from: -10, to: 14, verb: 'going out', past: 'due out' },
    boosted: {
      label: 'paid promotion',
      yes: 'boosted with paid promotion',
      no: 'running organically',
      p: 0.3,
      stake: { yes: 'spend money every day they run' },
    },
    copy: { label: 'post copy', terms: POST_TERMS, write: postCopy },
  },
  make: (w, id, i) => ({
    post_id: id,
    story_id: refId(w, 'STY-', i, 5),
    campaign: w.rng.pick(['always-on', 'always-on', 'product launch', 'event', 'recruitment', 'subscription drive']),
    owner: colleague(w, i).email,
  }),
  // only a published post has been seen
  // a post dated in the past went out (or failed); one still to come waits in the queue
  derive: (rec, w) => {
    const status = stateOf(
      rec,
      'status',
      w,
      daysFrom(w.today, rec.scheduled_for) < 0
        ? ['published', 'published', 'published', 'published', 'failed', 'withdrawn']
        : ['draft', 'awaiting approval', 'scheduled', 'scheduled', 'scheduled'],
    );
    const seen = status === 'published';
    return {
      status,
      impressions: seen ? w.rng.int(800, 240_000) : 0,
      engagement_rate_pct: seen ? Math.round((0.2 + w.rng.next() * 7.8) * 10) / 10 : 0,
    };
  },
  title: (rec) => `${rec.post_id} (${rec.channel}, ${rec.scheduled_for})`,
  nameField: { field: 'story_id', label: 'story id' },
  owner: { field: 'owner', role: 'social editor' },
  textField: 'copy',
  parents: { story_id: stories },
  // the story a post promotes is filed and out of embargo by the day its first post goes out (a post ahead of the
  // embargo is the breach a social desk exists to prevent)
  fitParent: (story, posts, w) => {
    const first = posts.map((p) => String(p.scheduled_for).slice(0, 10)).sort()[0];
    if (!first) return {};
    const embargo = addDays(first, -w.rng.pick([0, 0, 1, 2]));
    return { embargo_until: embargo, due_on: addDays(embargo, -w.rng.pick([0, 1, 1, 2, 3])) };
  },
});

export const mediaAssets = packSource({
  name: 'media_assets',
  system: cms,
  table: 'media_assets',
  domains: ['Content_Media'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'licence_fee', label: 'licence fee', unit: 'GBP' },
  fields: {
    licence_type: { label: 'licence', values: LICENCES, weights: [3, 3, 2] },
    licence_expires_on: {
      label: 'licence end date',
      from: -30,
      to: 120,
      verb: 'whose licence expires',
      past: 'whose licence expired',
    },
    usage_count: { label: 'usage count', min: 0, max: 40, step: 1, unit: 'uses' },
    model_release_on_file: {
      label: 'model releases',
      yes: 'with model releases on file',
      no: 'without model releases on file',
      p: 0.5,
    },
    caption: { label: 'caption', terms: CAPTION_TERMS, write: caption },
  },
  make: (w, id, i) => ({ asset_id: id, rights_manager: colleague(w, i).email }),
  // the asset is one bought under its licence; the fee follows from the licence, the state from when it ends
  derive: (rec, w, i) => {
    const kinds = LICENSED[String(rec.licence_type)] ?? ['photo'];
    const title = fresh(
      w,
      'asset title',
      ASSETS.filter(([, type]) => kinds.includes(type)).map(([t]) => t),
      i,
      (t, n) => `${t}, ${['wide shot', 'close-up', 'second angle'][n % 3]}`,
    );
    const [lo, hi] = LICENCE_FEES[String(rec.licence_type)] ?? [0, 0];
    const left = daysFrom(w.today, rec.licence_expires_on);
    const status = stateOf(
      rec,
      'status',
      w,
      left < 0
        ? ['expired', 'expired', 'archived']
        : left <= 30
          ? ['expiring']
          : ['active', 'active', 'active', 'active', 'takedown requested'],
    );
    return {
      title,
      asset_type: ASSETS.find(([t]) => title.startsWith(t))?.[1] ?? 'photo',
      licence_fee: Math.round(lo + w.rng.next() * (hi - lo)),
      status,
    };
  },
  title: (rec) => `${rec.asset_id} (${rec.title})`,
  nameField: { field: 'title', label: 'asset title' },
  owner: { field: 'rights_manager', role: 'rights manager' },
  textField: 'caption',
});

// an episode is recorded a few days to three weeks before release; once past planning (booked: a studio date)
// the recording has happened, so it is dated today or earlier
function recordedOn(rec: Rec, status: string, w: World): string {
  const day = addDays(rec.release_on, -w.rng.int(3, 20));
  if (['planned', 'booked'].includes(status)) return daysFrom(w.today, day) > 0 ? day : onDay(w, w.rng.int(1, 3));
  return daysFrom(w.today, day) > 0 ? onDay(w, -w.rng.int(0, 6)) : day;
}

export const episodes = packSource({
  name: 'episodes',
  system: cms,
  table: 'episodes',
  fixed: ['show'],
  noun: ['episode', 'episodes'],
  domains: ['Content_Media'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'runtime_min', label: 'running time', unit: 'minutes', mean: true, additive: false },
  fields: {
    show: { label: 'show', weights: [3, 2, 2, 2, 1] },
    release_on: { label: 'release date', from: -20, to: 45, verb: 'due for release', past: 'released' },
    ad_slots_sold: { label: 'sponsor slots sold', min: 0, max: 6, step: 1, unit: 'slots' },
    explicit: { label: 'explicit tag', yes: 'tagged explicit', no: 'not tagged explicit', p: 0.15 },
    show_notes: { label: 'show notes', terms: SHOW_NOTE_TERMS, write: showNotes },
  },
  make: (w, id, i) => ({
    episode_id: id,
    producer: colleague(w, i).email,
  }),
  // how far production has got follows from the release date
  derive: (rec, w, i) => {
    const left = daysFrom(w.today, rec.release_on);
    const status =
      left < 0
        ? 'released'
        : left <= 7
          ? w.rng.pick(['mixing', 'ready', 'ready'])
          : left <= 21
            ? w.rng.pick(['recorded', 'editing'])
            : w.rng.pick(['planned', 'booked']);
    // a daily news briefing runs short, a long read long
    const [lo, hi] = RUNTIME[String(rec.show)] ?? [20, 50];
    return {
      // (a show goes out in the one format it is made in, the same for each of its episodes: an audio edition is audio)
      medium: nth(w, MEDIA[String(rec.show)] ?? ['audio podcast'], Object.keys(MEDIA).indexOf(String(rec.show))),
      runtime_min: Math.round((lo + w.rng.next() * (hi - lo)) * 10) / 10,
      episode_title: fresh(
        w,
        'episode title',
        EPISODES[String(rec.show)] ?? ['Episode'],
        i,
        (t, n) => `${t}, part ${n + 1}`,
      ),
      recorded_on: recordedOn(rec, status, w),
      status,
    };
  },
  title: (rec) => `${rec.episode_id} (${rec.show}: ${rec.episode_title})`,
  nameField: { field: 'episode_title', label: 'episode title' },
  owner: { field: 'producer', role: 'producer' },
  textField: 'show_notes',
});

export const actions = [
  packAction(stories, cms, {
    name: 'require_legal_read',
    leftOut: 'wrong list',
    lean: { due_on: 'ahead' },
    sections: ['Legal read', 'Legal review'],
    when: { status: ['commissioned', 'filed', 'subbing', 'scheduled'] },
    field: 'legal_read_required',
    value: true,
    phrases: ['flag each of those stories as needing a legal read', 'mark a legal read as required on each of them'],
    capabilities: ['Tool_Calling'],
  }),
  packAction(socialPosts, cms, {
    name: 'stop_boost',
    sections: ['Boost stop', 'Paid promotion stop'],
    when: { status: ['scheduled', 'published'] },
    field: 'boosted',
    value: false,
    phrases: ['switch paid promotion off on each of those posts', 'stop the boost on each of those social posts'],
    capabilities: ['Tool_Calling'],
  }),
];

import { defineTableService, type Table } from '../tables.js';

// A publisher's content management system (Content_Media: writing, social media, design, video and audio):
// the story budget, scheduled social posts, licensed media assets and podcast/video episodes.

export const CMS_TABLES: readonly Table[] = [
  {
    noun: ['story', 'stories'],
    id: 'story_id',
    prefix: 'STY-',
    about: 'the story budget: commissioned pieces on their way to publication',
    fields: {
      headline: { kind: 'text', about: 'working headline', search: true },
      section: {
        kind: 'enum',
        about: 'section',
        values: ['News', 'Business', 'Technology', 'Culture', 'Sport', 'Opinion', 'Features'],
        filter: true,
      },
      story_format: {
        kind: 'enum',
        about: 'format',
        values: ['news story', 'feature', 'interview', 'explainer', 'op-ed', 'live blog', 'review'],
        filter: true,
      },
      author: { kind: 'email', about: 'writer' },
      editor: { kind: 'email', about: 'commissioning editor', update: true },
      word_count: { kind: 'number', about: 'commissioned length', unit: 'words', int: true },
      due_on: { kind: 'date', about: 'filing deadline', update: true },
      embargo_until: { kind: 'date', about: 'not to be published before this date', update: true },
      legal_read_required: {
        kind: 'flag',
        about: 'whether the piece needs a legal read before publication',
        update: true,
      },
      status: {
        kind: 'enum',
        about: 'where the story is',
        values: ['pitched', 'commissioned', 'filed', 'subbing', 'legal read', 'scheduled', 'published', 'spiked'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'desk notes (sources, angle, pictures needed)', search: true },
    },
  },
  {
    noun: ['social post', 'social posts'],
    id: 'post_id',
    prefix: 'SOC-',
    about: 'social posts scheduled or published on the brand accounts',
    fields: {
      story_id: { kind: 'ref', about: 'story the post promotes', table: 'stories' },
      channel: {
        kind: 'enum',
        about: 'channel',
        values: ['LinkedIn', 'Instagram', 'X', 'TikTok', 'Facebook', 'YouTube Shorts'],
        filter: true,
      },
      campaign: {
        kind: 'enum',
        about: 'campaign',
        values: ['always-on', 'product launch', 'event', 'recruitment', 'subscription drive'],
        filter: true,
      },
      scheduled_for: { kind: 'date', about: 'publication date', update: true },
      impressions: { kind: 'number', about: 'impressions so far', unit: 'impressions', int: true },
      engagement_rate_pct: { kind: 'number', about: 'engagements per impression', unit: '%' },
      boosted: { kind: 'flag', about: 'whether paid promotion is on', update: true },
      owner: { kind: 'email', about: 'social editor responsible', update: true },
      status: {
        kind: 'enum',
        about: 'post status',
        values: ['draft', 'awaiting approval', 'scheduled', 'published', 'failed', 'withdrawn'],
        filter: true,
        update: true,
      },
      copy: { kind: 'text', about: 'post copy with hashtags', search: true },
    },
  },
  {
    noun: ['media asset', 'media assets'],
    id: 'asset_id',
    prefix: 'MED-',
    about: 'photos, graphics and clips in the media library with their licence terms',
    fields: {
      title: { kind: 'text', about: 'asset title', search: true },
      asset_type: {
        kind: 'enum',
        about: 'asset type',
        values: ['photo', 'illustration', 'infographic', 'video clip', 'audio clip', 'stock footage'],
        filter: true,
      },
      licence_type: {
        kind: 'enum',
        about: 'licence',
        values: [
          'royalty-free',
          'rights-managed',
          'editorial use only',
          'Creative Commons BY',
          'staff-created',
          'commissioned',
        ],
        filter: true,
      },
      licence_expires_on: { kind: 'date', about: 'date the licence ends', update: true },
      licence_fee: { kind: 'money', about: 'fee paid for the licence', currency: 'GBP' },
      usage_count: { kind: 'number', about: 'times used in published content', unit: 'uses', int: true },
      model_release_on_file: { kind: 'flag', about: 'whether signed model releases are on file', update: true },
      rights_manager: { kind: 'email', about: 'picture desk member who manages the rights', update: true },
      status: {
        kind: 'enum',
        about: 'asset status',
        values: ['active', 'expiring', 'expired', 'takedown requested', 'archived'],
        filter: true,
        update: true,
      },
      caption: { kind: 'text', about: 'caption and credit line', search: true },
    },
  },
  {
    noun: ['episode', 'episodes'],
    id: 'episode_id',
    prefix: 'EPI-',
    about: 'podcast and video episodes in production',
    fields: {
      show: {
        kind: 'enum',
        about: 'show',
        values: ['The Morning Brief', 'Tech Unpacked', 'Culture Club', 'Money Talks', 'The Long Read (audio)'],
        filter: true,
      },
      episode_title: { kind: 'text', about: 'episode title', search: true },
      medium: {
        kind: 'enum',
        about: 'medium',
        values: ['audio podcast', 'video podcast', 'YouTube long-form', 'Shorts/Reels'],
        filter: true,
      },
      recorded_on: { kind: 'date', about: 'recording date' },
      release_on: { kind: 'date', about: 'planned release date', update: true },
      runtime_min: { kind: 'number', about: 'running time', unit: 'minutes' },
      ad_slots_sold: { kind: 'number', about: 'sponsor slots sold', unit: 'slots', int: true, update: true },
      explicit: { kind: 'flag', about: 'whether the episode carries an explicit-content tag', update: true },
      producer: { kind: 'email', about: 'producer responsible', update: true },
      status: {
        kind: 'enum',
        about: 'production status',
        values: ['planned', 'booked', 'recorded', 'editing', 'mixing', 'ready', 'released'],
        filter: true,
        update: true,
      },
      show_notes: { kind: 'text', about: 'show notes and guest list', search: true },
    },
  },
];

export const cms = defineTableService({
  name: 'cms',
  description: 'Publishing CMS: the story budget, social posts, licensed media assets and podcast/video episodes.',
  tables: CMS_TABLES,
});

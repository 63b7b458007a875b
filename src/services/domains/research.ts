import { defineTableService, type Table } from '../tables.js';

// A research team's library (Information_Retrieval: academic, market, news, knowledge bases): the paper
// reading list, purchased market reports, news items caught by the media watch, and the source register
// behind every cited claim.

export const RESEARCH_TABLES: readonly Table[] = [
  {
    noun: ['paper', 'papers'],
    id: 'paper_id',
    prefix: 'PAP-',
    about: "the team's reading list of academic papers",
    fields: {
      title: { kind: 'text', about: 'paper title', search: true },
      authors: { kind: 'text', about: 'authors, e.g. "Lewis, Perez et al."', search: true },
      venue: {
        kind: 'enum',
        about: 'where it appeared',
        values: ['NeurIPS', 'ICML', 'ICLR', 'ACL', 'SIGIR', 'KDD', 'Nature', 'arXiv preprint'],
        filter: true,
      },
      year: { kind: 'number', about: 'year of publication', int: true },
      topic: {
        kind: 'enum',
        about: 'topic',
        values: [
          'retrieval-augmented generation',
          'dense retrieval',
          'evaluation',
          'agents',
          'efficient inference',
          'multimodal',
        ],
        filter: true,
      },
      citations: { kind: 'number', about: 'citation count', unit: 'citations', int: true },
      added_on: { kind: 'date', about: 'date added to the list' },
      assigned_reader: { kind: 'email', about: 'team member asked to read and summarise it', update: true },
      peer_reviewed: { kind: 'flag', about: 'whether it has been through peer review' },
      reading_status: {
        kind: 'enum',
        about: 'reading status',
        values: ['to read', 'reading', 'read', 'summarised', 'cited', 'discarded'],
        filter: true,
        update: true,
      },
      abstract: { kind: 'text', about: 'abstract', search: true },
    },
  },
  {
    noun: ['market report', 'market reports'],
    id: 'report_id',
    prefix: 'MKR-',
    about: 'analyst and market-sizing reports the team has licensed or requested',
    fields: {
      title: { kind: 'text', about: 'report title', search: true },
      publisher: {
        kind: 'enum',
        about: 'publisher',
        values: ['Gartner', 'Forrester', 'IDC', 'McKinsey', 'Statista', 'company filing'],
        filter: true,
      },
      segment: {
        kind: 'enum',
        about: 'market segment',
        values: [
          'cloud infrastructure',
          'cybersecurity',
          'payments',
          'EV batteries',
          'retail e-commerce',
          'digital health',
        ],
        filter: true,
      },
      published_on: { kind: 'date', about: 'publication date' },
      market_size_bn: { kind: 'number', about: 'market size estimate for the base year', unit: 'USD bn' },
      cagr_pct: { kind: 'number', about: 'forecast compound annual growth rate', unit: '%' },
      licence_cost: { kind: 'money', about: 'licence cost', currency: 'USD' },
      analyst: { kind: 'email', about: 'team analyst who owns the report', update: true },
      status: {
        kind: 'enum',
        about: 'report status',
        values: ['requested', 'purchased', 'summarised', 'superseded', 'licence expired'],
        filter: true,
        update: true,
      },
      key_findings: { kind: 'text', about: 'key findings and methodology caveats', search: true },
      newer_edition: {
        kind: 'flag',
        about: 'whether a newer edition (same publisher and segment, published later) is in the library',
      },
    },
  },
  {
    noun: ['news item', 'news items'],
    id: 'item_id',
    prefix: 'NWS-',
    about: 'news items caught by the media watch for tracked companies and topics',
    fields: {
      headline: { kind: 'text', about: 'headline', search: true },
      outlet: {
        kind: 'enum',
        about: 'outlet',
        values: ['Reuters', 'Bloomberg', 'Financial Times', 'The Wall Street Journal', 'TechCrunch', 'trade press'],
        filter: true,
      },
      sentiment: {
        kind: 'enum',
        about: 'tone towards the tracked company',
        values: ['positive', 'neutral', 'negative', 'mixed'],
        filter: true,
      },
      published_on: { kind: 'date', about: 'publication date' },
      estimated_reach: { kind: 'number', about: 'estimated readership', unit: 'readers', int: true },
      mentions_client: { kind: 'flag', about: 'whether a client is named', update: true },
      watcher: { kind: 'email', about: 'analyst watching the topic', update: true },
      status: {
        kind: 'enum',
        about: 'triage status',
        values: ['new', 'flagged', 'shared', 'archived', 'false match'],
        filter: true,
        update: true,
      },
      summary: { kind: 'text', about: 'summary of the item', search: true },
    },
  },
  {
    noun: ['source', 'sources'],
    id: 'source_id',
    prefix: 'SRC-',
    about: "the source register: every source cited in the team's work and whether it has been checked",
    fields: {
      citation: { kind: 'text', about: 'full citation', search: true },
      source_type: {
        kind: 'enum',
        about: 'type of source',
        values: [
          'journal article',
          'preprint',
          'official statistics',
          'company filing',
          'news article',
          'dataset',
          'interview',
        ],
        filter: true,
      },
      reliability: {
        kind: 'enum',
        about: 'reliability grade',
        values: ['primary', 'peer-reviewed', 'reputable secondary', 'not peer-reviewed', 'first-hand account'],
        filter: true,
      },
      accessed_on: { kind: 'date', about: 'date last accessed' },
      cited_in: { kind: 'number', about: 'deliverables that cite it', unit: 'documents', int: true },
      paywalled: { kind: 'flag', about: 'whether it sits behind a paywall' },
      verified_by: { kind: 'email', about: 'fact-checker who verified it', update: true },
      status: {
        kind: 'enum',
        about: 'verification status',
        values: ['to verify', 'verified', 'disputed', 'retracted', 'superseded'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'what it supports and any caveats', search: true },
    },
  },
];

export const research = defineTableService({
  name: 'research',
  description: 'Research library: papers, market reports, media-watch news items and the source register.',
  tables: RESEARCH_TABLES,
});

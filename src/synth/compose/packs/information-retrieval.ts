import type { Rng } from '../../../env/rng.js';
import { research } from '../../../services/domains/research.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { shuffle } from '../../kit/ids.js';
import { colleague, firstFresh, fresh } from '../sources/kit.js';
import { editionAgree, editions } from './report-editions.js';
import { anchorGrowth } from './market-growth.js';
import { marketSize } from './market-size.js';
import { nth, packAction, packSource } from './table-source.js';
import {
  ABSTRACT_TERMS,
  CITATIONS,
  FINDING_TERMS,
  HEADLINES,
  inSeason,
  NEWS_TERMS,
  PAPERS,
  RELIABILITY,
  REPORT_KINDS,
  SEGMENT_TITLES,
  SOURCE_TERMS,
} from './information-retrieval-data.js';

// Information_Retrieval: a research team's reading list of papers, the market reports it licenses, the news items
// its media watch catches, and the register of every source it cites, as an analyst or a fact-checker sees them.

// what each paper sets out to solve, in its own abstract's words: an abstract states its problem, its method and a
// result, so no two papers of a reading list open alike and none opens on another paper's question
const PROBLEM: Readonly<Record<string, readonly string[]>> = {
  'Adaptive Retrieval Budgets for Multi-Hop Question Answering': [
    'multi-hop questions need a different number of retrieval steps, yet pipelines fix one budget for all',
    'fetching for every hop of a multi-hop question wastes most of the retrieval budget',
  ],
  'When to Retrieve: Calibrated Abstention in RAG Pipelines': [
    'RAG pipelines answer even when nothing relevant was retrieved',
    'a RAG system rarely knows when to abstain',
  ],
  'Hard-Negative Mining at Scale for Dense Retrievers': [
    'training dense retrievers depends on the quality of their negatives',
    'mining hard negatives is costly at the scale of a web corpus',
  ],
  'Domain Shift in Dense Retrieval: A Study of Twelve Corpora': [
    'dense retrievers lose accuracy outside the domain they were trained on',
    'how far dense retrieval transfers to new domains is poorly measured',
  ],
  'Measuring Faithfulness of Long-Form Answers': [
    'automatic metrics disagree with expert judgement on long answers',
    'long-form answers mix supported and unsupported claims that current metrics miss',
  ],
  'Judging the Judges: Agreement of LLM Graders with Experts': [
    'model-based graders are used widely but rarely checked against people',
    'how often an LLM grader agrees with a domain expert is largely unknown',
  ],
  'Planning with Tool Feedback in Web Agents': [
    'web agents plan once and ignore what their tools return',
    'long-horizon web tasks fail when a plan cannot adapt to tool output',
  ],
  'Recovering from Tool Errors in Long-Horizon Agents': [
    'agents that call tools fail silently when a call goes wrong',
    'a single failed tool call derails most long-horizon agent runs',
  ],
  'KV-Cache Compression for Serving Long Contexts': [
    'serving long contexts is bound by the memory of the key-value cache',
    'the key-value cache grows with every token of a long prompt',
  ],
  'Quantised Draft Models for Speculative Decoding': [
    'decoding latency dominates the cost of large models in production',
    'speculative decoding needs a draft model that is both fast and well aligned',
  ],
  'Grounding Chart Questions in Rendered Images': [
    'vision-language models read values off rendered charts poorly',
    'questions about charts need answers grounded in the image, not the caption',
  ],
  'Document Layout as Context for Visual Retrieval': [
    'text-only retrieval ignores the layout that carries much of a document’s meaning',
    'page layout is discarded by most document retrieval pipelines',
  ],
  'Cross-Lingual Rerankers without Parallel Data': [
    'cross-lingual ranking usually depends on parallel data that most language pairs lack',
    'ranking models trained in English degrade sharply on other languages',
  ],
};

function abstract(rng: Rng, term: string | undefined, _v: unknown, rec?: Readonly<Record<string, unknown>>): string {
  const problems = PROBLEM[String(rec?.title)] ?? ['existing methods trade accuracy for cost'];
  return writePlan(
    rng,
    {
      first: rng.pick(problems),
      facts: [
        oneOf(
          rng,
          'we propose a simple method that needs no extra labels',
          `we evaluate on ${rng.int(3, 12)} datasets`,
          'we introduce a training recipe and release a test set',
          'we study the problem across three model families',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `the approach relies on ${term}`,
                `we report ${term} results`,
                `a ${term} study supports the claims`,
                `${term} is central to the method`,
              ),
            ]
          : []),
        oneOf(
          rng,
          `the method improves the strongest baseline by ${rng.int(2, 14)} points`,
          `cost falls by ${rng.int(18, 61)}% at equal quality`,
          'gains are largest on the hardest split',
          'results hold across model sizes',
          `it matches a model ${rng.pick(['four', 'eight', 'ten'])} times larger`,
        ),
        oneOf(rng, 'ablations isolate each component', 'limitations are discussed', 'code is available', '', ''),
      ].filter(Boolean),
    },
    'formal',
  );
}

export const papers = packSource({
  name: 'papers',
  system: research,
  table: 'papers',
  // a published paper keeps its venue and its abstract
  fixed: ['venue', 'abstract'],
  domains: ['Information_Retrieval'],
  capabilities: ['Knowledge_Retrieval', 'Logic_Reasoning'],
  // (the citations of different papers add up to nothing; their mean and the most cited mean something)
  measure: { field: 'citations', label: 'citation count', unit: 'citations', mean: true, additive: false },
  fields: {
    venue: { label: 'venue', weights: [3, 2, 2, 2, 1, 1, 1, 3] },
    citations: { label: 'citation count', min: 0, max: 5000, step: 1, unit: 'citations' },
    added_on: { label: 'date added', from: -90, to: 0, verb: 'added' },
    reading_status: { label: 'reading status', weights: [5, 2, 2, 2, 1, 1] },
    abstract: { label: 'abstract', terms: ABSTRACT_TERMS, write: abstract, ofRecord: true },
  },
  make: (w, id, i) => {
    const [title, authors, topic] = nth(w, PAPERS, i);
    return { paper_id: id, title, authors, topic, assigned_reader: colleague(w, i).email };
  },
  // a paper gathers citations with the years: thousands only for one out a while (years before today's, spread)
  derive: (rec, w) => {
    const cited = Number(rec.citations);
    const now = Number(w.today.slice(0, 4));
    const [lo, hi] = cited > 2000 ? [7, 3] : cited > 600 ? [5, 2] : cited > 150 ? [3, 1] : [2, 0];
    return { year: now - w.rng.int(hi, lo), peer_reviewed: rec.venue !== 'arXiv preprint' };
  },
  title: (rec) => `${rec.paper_id} (${rec.title})`,
  nameField: { field: 'title', label: 'paper title' },
  owner: { field: 'assigned_reader', role: 'assigned reader' },
  textField: 'abstract',
});

function keyFindings(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'top five vendors hold most of the market',
          `forecast runs to ${rng.int(2028, 2031)}`,
          'figures in constant US dollars',
          'regional split for three regions only',
        ),
        ...(term
          ? [oneOf(rng, `method: ${term}`, `flags ${term}`, `${term} drives the forecast`, `caveat on the ${term}`)]
          : []),
        oneOf(rng, 'data tables in the appendix', 'licence allows internal use only', 'updated twice a year', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const marketReports = packSource({
  name: 'market_reports',
  system: research,
  table: 'market_reports',
  // a published report's findings stand: a new edition supersedes it, nobody rewrites them
  fixed: ['publisher', 'segment', 'cagr_pct', 'key_findings', 'newer_edition'],
  domains: ['Information_Retrieval'],
  capabilities: ['Knowledge_Retrieval', 'Data_Analysis'],
  measure: { field: 'licence_cost', label: 'licence cost', unit: 'USD' },
  fields: {
    publisher: { label: 'publisher', weights: [3, 2, 3, 1, 2, 1] },
    segment: { label: 'segment', weights: [3, 2, 2, 1, 2, 1] },
    published_on: { label: 'publication date', from: -360, to: 0, verb: 'published' },
    cagr_pct: { label: 'forecast growth (CAGR)', min: 4, max: 30, step: 0.1, unit: '%' },
    status: { label: 'status', weights: [1, 4, 3, 1, 1] },
    key_findings: { label: 'key findings', terms: FINDING_TERMS, write: keyFindings },
    newer_edition: {
      label: 'newer edition',
      yes: 'with a newer edition in the library',
      no: 'with no newer edition in the library',
      p: 0.5,
    },
  },
  // the library holds the newer edition a report is said to have, and none it is said not to (report-editions.ts)
  agree: editionAgree,
  // (one segment's reports forecast one market's growth in its band first, market-growth.ts: an edition copies it)
  companions: (records, w, keep, out) =>
    editions(anchorGrowth(records, w, keep), w, keep, out, (rng) => keyFindings(rng, undefined)),
  make: (w, id, i) => ({
    report_id: id,
    analyst: colleague(w, i).email,
  }),
  // a report's title is its edition's (report-editions.ts); else a publisher's second report on one segment in a
  // year covers a region (or updates the first)
  derive: (rec, w) => {
    const name = `${SEGMENT_TITLES[String(rec.segment)] ?? 'Market'} ${REPORT_KINDS[String(rec.publisher)] ?? 'Report'}`;
    const year = String(rec.published_on).slice(0, 4);
    const title =
      rec.title ??
      firstFresh(w, 'report title', [
        `${name}, ${year}`,
        ...shuffle(w.rng, ['Europe', 'North America', 'Asia-Pacific']).map((r) => `${name}: ${r}, ${year}`),
        `${name}, ${year} mid-year update`,
      ]);
    return {
      title,
      // the segment's one market, as this house sizes it for this year and region (market-size.ts)
      market_size_bn: marketSize({ ...rec, title }, w),
      licence_cost: rec.publisher === 'company filing' ? 0 : w.rng.int(8, 90) * 250,
    };
  },
  title: (rec) => `${rec.report_id} (${rec.title})`,
  nameField: { field: 'title', label: 'report title' },
  owner: { field: 'analyst', role: 'report owner' },
  textField: 'key_findings',
});

function newsSummary(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'picked up by two other outlets',
          'quotes an unnamed source close to the company',
          'company declined to comment',
          'shares moved on the news',
        ),
        ...(term ? [oneOf(rng, `focus: ${term}`, `${term} angle`, `mentions the ${term}`)] : []),
        oneOf(rng, 'paywalled', 'follow-up expected tomorrow', 'print and online', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const newsItems = packSource({
  name: 'news_items',
  system: research,
  table: 'news_items',
  fixed: ['outlet', 'sentiment', 'mentions_client'],
  domains: ['Information_Retrieval'],
  capabilities: ['Knowledge_Retrieval', 'Logic_Reasoning'],
  measure: { field: 'estimated_reach', label: 'estimated reach', unit: 'readers', mean: true, additive: false },
  fields: {
    outlet: { label: 'outlet', weights: [3, 3, 2, 2, 2, 1] },
    sentiment: { label: 'sentiment', weights: [2, 4, 3, 1] },
    published_on: { label: 'publication date', from: -14, to: 0, verb: 'published' },
    mentions_client: { label: 'client mention', yes: 'naming a client', no: 'naming no client', p: 0.35 },
    status: { label: 'triage status', weights: [5, 2, 2, 2, 1] },
    summary: { label: 'summary', terms: NEWS_TERMS, write: newsSummary },
  },
  make: (w, id, i) => ({
    item_id: id,
    estimated_reach: w.rng.int(5, 4000) * 1000,
    watcher: colleague(w, i).email,
  }),
  // the story is one rated as the item is, and the tech press runs tech stories
  derive: (rec, w, i) => {
    const toned = HEADLINES.filter(
      ([h, tones]) => tones.includes(String(rec.sentiment)) && inSeason(h, rec.published_on),
    );
    const tech = toned.filter(([, , t]) => t === (rec.outlet === 'TechCrunch'));
    const seasonal = HEADLINES.filter(([h]) => inSeason(h, rec.published_on));
    const pool = (rec.outlet === 'TechCrunch' && tech.length ? tech : toned.length ? toned : seasonal).map(([h]) => h);
    return { headline: fresh(w, 'headline', pool, i, (h) => `${h} (follow-up)`) };
  },
  title: (rec) => `${rec.item_id} (${rec.outlet}: ${rec.headline})`,
  nameField: { field: 'headline', label: 'headline' },
  owner: { field: 'watcher', role: 'analyst watching the topic' },
  textField: 'summary',
});

// where a source's check stands, by its verification status: a disputed source has no "second source agrees", one
// still to verify no "figures checked"
const CHECKED: Readonly<Record<string, readonly string[]>> = {
  verified: ['second source agrees', 'figures checked against the original', 'figure confirmed with the publisher'],
  'to verify': ['not yet checked against the original', 'author contacted, no reply yet', 'waiting for the full text'],
  disputed: [
    'a second source gives a different figure',
    'the author disputes our reading',
    'figure does not match the official series',
  ],
  retracted: ['publisher issued a retraction notice', 'retracted after publication, take it out of the drafts'],
  superseded: ['a newer edition replaces this one', 'updated figures published since'],
};

function sourceNote(rng: Rng, term: string | undefined, _v: unknown, rec?: Readonly<Record<string, unknown>>): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `cited for a figure in section ${rng.int(1, 6)} of the draft`,
          `cited in the ${rng.pick(['Q1', 'Q2', 'Q3', 'Q4'])} briefing`,
          'quoted in the board pack',
          `used in ${rng.pick(['the pricing memo', 'the sector note', 'the competitor review', 'the annual outlook'])}`,
        ),
        ...(term ? [oneOf(rng, `check the ${term}`, `${term} on file`, `uses the ${term}`, `note: ${term}`)] : []),
        rng.pick(CHECKED[String(rec?.status)] ?? ['page numbers recorded']),
        oneOf(rng, 'page numbers recorded', 'link checked', '', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

const PAID_TYPES = ['journal article', 'news article'];

export const citedSources = packSource({
  name: 'cited_sources',
  system: research,
  table: 'sources',
  fixed: ['source_type', 'paywalled'],
  noun: ['cited source', 'cited sources'],
  domains: ['Information_Retrieval'],
  capabilities: ['Knowledge_Retrieval', 'Logic_Reasoning'],
  measure: { field: 'cited_in', label: 'citation count', unit: 'documents', mean: true, additive: false },
  fields: {
    source_type: { label: 'source type', weights: [3, 2, 2, 2, 3, 1, 1] },
    accessed_on: { label: 'last access', from: -200, to: 0, verb: 'last accessed' },
    cited_in: { label: 'citation count', min: 0, max: 12, step: 1, unit: 'documents' },
    paywalled: { label: 'access', yes: 'behind a paywall', no: 'freely available', p: 0.3 },
    status: { label: 'verification status', weights: [3, 5, 1, 1, 1] },
    notes: { label: 'notes', terms: SOURCE_TERMS, write: sourceNote, ofRecord: true },
  },
  make: (w, id, i) => ({ source_id: id, verified_by: colleague(w, i).email }),
  derive: (rec, w, i) => ({
    // a register lists each source once
    citation: fresh(w, 'citation', CITATIONS[String(rec.source_type)] ?? ['Unknown source'], i),
    reliability: RELIABILITY[String(rec.source_type)] ?? 'not peer-reviewed',
  }),
  // only journals and newspapers sit behind a paywall: a preprint, a filing, official statistics, an open dataset
  // and our own interview notes are free to read
  agree: (rec) =>
    rec.paywalled && !PAID_TYPES.includes(String(rec.source_type))
      ? [{ paywalled: false }, ...PAID_TYPES.map((source_type) => ({ source_type }))]
      : [],
  title: (rec) => `${rec.source_id} (${rec.citation})`,
  nameField: { field: 'citation', label: 'citation' },
  owner: { field: 'verified_by', role: 'fact-checker' },
  textField: 'notes',
});

export const actions = [
  packAction(marketReports, research, {
    name: 'supersede_report',
    // a report is superseded only once a newer edition of it is in the library
    lean: { published_on: 'stale', newer_edition: true },
    must: ['newer_edition'],
    sections: ['Replacement', 'Supersession'],
    from: ['purchased', 'summarised'],
    field: 'status',
    value: 'superseded',
    phrases: ['mark each of those reports as superseded', 'set each of them to superseded'],
    capabilities: ['Tool_Calling', 'Knowledge_Retrieval'],
  }),
  packAction(newsItems, research, {
    name: 'flag_news',
    leftOut: 'wrong list',
    lean: { mentions_client: true, sentiment: ['negative', 'mixed'] },
    sections: ['Flagging', 'News flag'],
    from: ['new'],
    field: 'status',
    value: 'flagged',
    phrases: ['mark each of those news items as flagged', 'set each of them to flagged for the account team'],
  }),
  packAction(citedSources, research, {
    name: 'reverify_source',
    leftOut: 'wrong list',
    lean: { accessed_on: 'stale', cited_in: 'high' },
    sections: ['Re-verification', 'Source check'],
    from: ['verified', 'disputed'],
    field: 'status',
    value: 'to verify',
    phrases: ['set each of those sources back to "to verify"', 'mark each of them as to verify again'],
    capabilities: ['Tool_Calling', 'Knowledge_Retrieval'],
  }),
];

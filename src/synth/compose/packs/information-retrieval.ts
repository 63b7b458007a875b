import type { Rng } from '../../../env/rng.js';
import { research } from '../../../services/domains/research.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { shuffle } from '../../kit/ids.js';
import { colleague, firstFresh, fresh } from '../sources/kit.js';
import { nth, packAction, packSource } from './table-source.js';

// Information_Retrieval: a research team's reading list of papers, the market reports it licenses, the news
// items its media watch catches, and the register of every source it cites. Titles, outlets and notes are
// what a research analyst or a fact-checker would see.

// title, authors, topic (the team's reading list: recent work, not the classics everyone knows the numbers of)
const PAPERS: readonly (readonly [string, string, string])[] = [
  [
    'Adaptive Retrieval Budgets for Multi-Hop Question Answering',
    'Moreau, Iyer et al.',
    'retrieval-augmented generation',
  ],
  ['When to Retrieve: Calibrated Abstention in RAG Pipelines', 'Okonkwo, Lindqvist', 'retrieval-augmented generation'],
  ['Hard-Negative Mining at Scale for Dense Retrievers', 'Tanaka, Brenner et al.', 'dense retrieval'],
  ['Domain Shift in Dense Retrieval: A Study of Twelve Corpora', 'Rossi, Abebe et al.', 'dense retrieval'],
  ['Measuring Faithfulness of Long-Form Answers', 'Haddad, Nakamura', 'evaluation'],
  ['Judging the Judges: Agreement of LLM Graders with Experts', 'Kowalczyk, Mensah et al.', 'evaluation'],
  ['Planning with Tool Feedback in Web Agents', 'Fernandes, Zhou et al.', 'agents'],
  ['Recovering from Tool Errors in Long-Horizon Agents', 'Adeyemi, Larsen', 'agents'],
  ['KV-Cache Compression for Serving Long Contexts', 'Park, Oyelaran et al.', 'efficient inference'],
  ['Quantised Draft Models for Speculative Decoding', 'Vargas, Holm', 'efficient inference'],
  ['Grounding Chart Questions in Rendered Images', 'Singh, Dubois et al.', 'multimodal'],
  ['Document Layout as Context for Visual Retrieval', 'Eriksen, Kariuki et al.', 'multimodal'],
  ['Cross-Lingual Rerankers without Parallel Data', 'Novak, Rahman et al.', 'dense retrieval'],
];

const ABSTRACT_TERMS = ['contrastive', 'benchmark', 'reranker', 'long-context', 'distillation', 'human evaluation'];

function abstract(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'we propose a simple method that needs no extra labels',
          `experiments on ${rng.int(3, 9)} datasets`,
          'code and checkpoints are released',
          'outperforms strong baselines at lower cost',
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
          'ablations isolate each component',
          'limitations are discussed',
          'results hold across model sizes',
          '',
        ),
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
    abstract: { label: 'abstract', terms: ABSTRACT_TERMS, write: abstract },
  },
  make: (w, id, i) => {
    const [title, authors, topic] = nth(w, PAPERS, i);
    return { paper_id: id, title, authors, topic, assigned_reader: colleague(w, i).email };
  },
  // a paper gathers citations with the years: thousands only for one out a while
  derive: (rec, w) => {
    const cited = Number(rec.citations);
    const year =
      cited > 2000
        ? 2022
        : cited > 600
          ? w.rng.int(2022, 2023)
          : cited > 150
            ? w.rng.int(2023, 2024)
            : w.rng.int(2024, 2025);
    return { year, peer_reviewed: rec.venue !== 'arXiv preprint' };
  },
  title: (rec) => `${rec.paper_id} (${rec.title})`,
  nameField: { field: 'title', label: 'paper title' },
  owner: { field: 'assigned_reader', role: 'assigned reader' },
  textField: 'abstract',
});

const SEGMENT_TITLES: Readonly<Record<string, string>> = {
  'cloud infrastructure': 'Cloud Infrastructure Services',
  cybersecurity: 'Security Services',
  payments: 'Digital Payments',
  'EV batteries': 'EV Battery Supply Chain',
  'retail e-commerce': 'Online Retail',
  'digital health': 'Digital Health Platforms',
};
const REPORT_KINDS: Readonly<Record<string, string>> = {
  Gartner: 'Market Share Analysis',
  Forrester: 'Wave',
  IDC: 'Worldwide Forecast',
  McKinsey: 'Industry Outlook',
  Statista: 'Market Insights',
  'company filing': 'Annual report (10-K) extract',
};

const FINDING_TERMS = [
  'bottom-up model',
  'vendor survey',
  'consolidation',
  'price pressure',
  'SMB segment',
  'base-year revision',
];

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
  fixed: ['publisher', 'segment', 'cagr_pct', 'key_findings'],
  domains: ['Information_Retrieval'],
  capabilities: ['Knowledge_Retrieval', 'Data_Analysis'],
  measure: { field: 'licence_cost', label: 'licence cost', unit: 'USD' },
  fields: {
    publisher: { label: 'publisher', weights: [3, 2, 3, 1, 2, 1] },
    segment: { label: 'segment', weights: [3, 2, 2, 1, 2, 1] },
    published_on: { label: 'publication date', from: -360, to: 0, verb: 'published' },
    cagr_pct: { label: 'forecast growth (CAGR)', min: 2, max: 35, step: 0.1, unit: '%' },
    status: { label: 'status', weights: [1, 4, 3, 1, 1] },
    key_findings: { label: 'key findings', terms: FINDING_TERMS, write: keyFindings },
  },
  make: (w, id, i) => ({
    report_id: id,
    market_size_bn: Math.round((5 + w.rng.next() * 600) * 10) / 10,
    analyst: colleague(w, i).email,
  }),
  // a publisher's second report on one segment in a year covers a region (or updates the first)
  derive: (rec, w) => {
    const name = `${SEGMENT_TITLES[String(rec.segment)] ?? 'Market'} ${REPORT_KINDS[String(rec.publisher)] ?? 'Report'}`;
    const year = String(rec.published_on).slice(0, 4);
    return {
      title: firstFresh(w, 'report title', [
        `${name}, ${year}`,
        ...shuffle(w.rng, ['Europe', 'North America', 'Asia-Pacific']).map((r) => `${name}: ${r}, ${year}`),
        `${name}, ${year} mid-year update`,
      ]),
      licence_cost: rec.publisher === 'company filing' ? 0 : w.rng.int(8, 90) * 250,
    };
  },
  title: (rec) => `${rec.report_id} (${rec.title})`,
  nameField: { field: 'title', label: 'report title' },
  owner: { field: 'analyst', role: 'report owner' },
  textField: 'key_findings',
});

// headline, the tones a media watch rates it (a data breach is never good news), and whether the tech press runs it
const HEADLINES: readonly (readonly [string, readonly string[], boolean])[] = [
  ['Northwind Logistics to cut 400 jobs in restructuring', ['negative', 'mixed'], false],
  ['Regulator opens probe into payment fees', ['negative', 'neutral'], true],
  ['Bayside Foods beats forecasts as prices rise', ['positive', 'mixed'], false],
  ['Cloud outage hits banking apps for six hours', ['negative'], true],
  ['Helios Energy agrees takeover of rival', ['positive', 'neutral', 'mixed'], false],
  ['Start-up raises $80m to build battery recycling plant', ['positive', 'neutral'], true],
  ['Retailers warn of weaker Christmas trading', ['negative', 'neutral'], false],
  ['Chipmaker delays new factory by a year', ['negative', 'mixed'], true],
  ['Court rules against airline in refund case', ['negative', 'mixed'], false],
  ['Insurer names new chief executive', ['neutral', 'positive'], false],
  ['Telecom group sells tower business', ['neutral', 'mixed', 'positive'], true],
  ['Data breach exposes customer records at travel site', ['negative'], true],
  ['Pharma group wins approval for obesity drug', ['positive', 'neutral'], false],
  ['Payments firm fined over anti-money-laundering failures', ['negative'], true],
  ['Harbour Foods opens its largest distribution centre', ['positive', 'neutral'], false],
  ['Software maker misses revenue target but raises guidance', ['mixed'], true],
  ['Carmaker recalls 40,000 vehicles over brake fault', ['negative', 'mixed'], false],
  ['Bank posts record profit as customers complain of low savings rates', ['mixed', 'positive'], false],
  ['AI start-up signs deal with national health service', ['positive', 'mixed'], true],
];

const NEWS_TERMS = ['layoffs', 'acquisition', 'data breach', 'profit warning', 'lawsuit', 'product launch'];

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
    const toned = HEADLINES.filter(([, tones]) => tones.includes(String(rec.sentiment)));
    const tech = toned.filter(([, , t]) => t === (rec.outlet === 'TechCrunch'));
    const pool = (rec.outlet === 'TechCrunch' && tech.length ? tech : toned.length ? toned : HEADLINES).map(([h]) => h);
    return { headline: fresh(w, 'headline', pool, i, (h) => `${h} (follow-up)`) };
  },
  title: (rec) => `${rec.item_id} (${rec.outlet}: ${rec.headline})`,
  nameField: { field: 'headline', label: 'headline' },
  owner: { field: 'watcher', role: 'analyst watching the topic' },
  textField: 'summary',
});

// (no straight quotes or ampersands: a citation is written into CSV and HTML deliverables verbatim)
const CITATIONS: Readonly<Record<string, readonly string[]>> = {
  'journal article': [
    'Okafor, N. (2023). Platform pricing and entry. Journal of Industrial Economics, 71(2).',
    'Hale, R. and Singh, P. (2022). Search costs online. Management Science, 68(9).',
    'Brandt, K. (2021). Switching costs in cloud markets. Information Systems Research, 32(4).',
    'Mensah, A. et al. (2024). Battery recycling yields. Joule, 8(3).',
    'Lindqvist, M. (2022). Price dispersion in online grocery. Journal of Retailing, 98(1).',
    'Adeyemi, T. and Ross, J. (2023). Bank branch closures and SME lending. Journal of Finance, 78(5).',
    'Kaur, S. (2024). Heat pumps and household bills. Energy Economics, 129.',
  ],
  preprint: [
    'Ward, L. et al. (2024). Scaling laws for retrieval. arXiv:2403.01234.',
    'Chen, Y. (2024). Evaluating long-context models. arXiv:2407.05511.',
    'Iqbal, S. and Moreno, T. (2025). Agent benchmarks under tool errors. arXiv:2501.02210.',
    'Lund, E. (2023). Price elasticity in subscription apps. SSRN 4471902.',
    'Novak, P. et al. (2024). Retrieval-augmented agents in the enterprise. arXiv:2410.08812.',
    'Haddad, R. (2025). Measuring answer faithfulness at scale. arXiv:2502.11937.',
    'Osei, K. and Berg, L. (2023). Platform fees and seller exit. SSRN 4512090.',
  ],
  'official statistics': [
    'Office for National Statistics (2025). Retail sales, Great Britain.',
    'Eurostat (2024). ICT usage in enterprises.',
    'US Bureau of Labor Statistics (2025). Consumer Price Index, January.',
    'Statistics Netherlands (2024). Business demography.',
    'Office for National Statistics (2025). Labour market overview, UK: February.',
    'Eurostat (2025). Harmonised index of consumer prices, January flash estimate.',
    'US Census Bureau (2025). Quarterly e-commerce report, Q4 2024.',
  ],
  'company filing': [
    'Helios Energy plc, Annual Report 2024.',
    'Northwind Logistics Inc., Form 10-Q, Q3 2025.',
    'Bayside Foods Group, Half-year results 2025.',
    'Orbital Telecom plc, Capital markets day presentation, 2025.',
    'Kestrel Aviation Services Ltd, Annual report and accounts 2024.',
    'Harbour Foods plc, Trading update, January 2025.',
    'Cobalt Cloud Services Inc., Form 10-K, fiscal 2024.',
  ],
  'news article': [
    'Financial Times, ‘Retailers brace for slower spring’, 3 March 2025.',
    'Reuters, ‘Regulator widens payments probe’, 14 January 2025.',
    'Bloomberg, ‘Chipmakers push back new plants’, 9 December 2024.',
    'TechCrunch, ‘Battery recycler raises Series B’, 21 February 2025.',
    'The Economist, ‘The trouble with subscription fatigue’, 11 January 2025.',
    'Wall Street Journal, ‘Retailers bet on self-checkout again’, 6 February 2025.',
    'BBC News, ‘Energy price cap to rise in April’, 25 February 2025.',
  ],
  dataset: [
    'World Bank (2024). World Development Indicators.',
    'OECD (2025). Main Science and Technology Indicators.',
    'IEA (2024). Global EV Data Explorer.',
    'Companies House (2025). Free company data product, January extract.',
    'ONS (2025). Business insights and conditions survey, wave 126.',
    'Eurostat (2024). Structural business statistics.',
    'Our World in Data (2025). Energy dataset.',
  ],
  interview: [
    'Interview with a logistics director, 12 February 2025 (notes on file).',
    'Call with a former regulator, 20 January 2025.',
    'Interview with a payments product lead, 4 March 2025.',
    'Expert call via network, battery supply chain, 28 January 2025.',
    'Interview with a retail category manager, 18 February 2025 (notes on file).',
    'Call with a cloud procurement lead, 7 March 2025.',
    'Interview with a fintech founder, 30 January 2025 (recording on file).',
  ],
};
const RELIABILITY: Readonly<Record<string, string>> = {
  'journal article': 'peer-reviewed',
  preprint: 'unverified',
  'official statistics': 'primary',
  'company filing': 'primary',
  'news article': 'reputable secondary',
  dataset: 'primary',
  interview: 'unverified',
};

const SOURCE_TERMS = ['headline figure', 'methodology', 'correction', 'press release', 'translated', 'archived copy'];

function sourceNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'supports the market-size claim in section 2',
          'cited in the Q1 briefing',
          'page numbers recorded',
          'same figure as the earlier draft',
        ),
        ...(term ? [oneOf(rng, `check the ${term}`, `${term} on file`, `uses the ${term}`, `note: ${term}`)] : []),
        oneOf(rng, 'link checked', 'author contacted', 'second source agrees', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

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
    notes: { label: 'notes', terms: SOURCE_TERMS, write: sourceNote },
  },
  make: (w, id, i) => ({ source_id: id, verified_by: colleague(w, i).email }),
  derive: (rec, w, i) => ({
    // a register lists each source once
    citation: fresh(w, 'citation', CITATIONS[String(rec.source_type)] ?? ['Unknown source'], i),
    reliability: RELIABILITY[String(rec.source_type)] ?? 'unverified',
  }),
  title: (rec) => `${rec.source_id} (${rec.citation})`,
  nameField: { field: 'citation', label: 'citation' },
  owner: { field: 'verified_by', role: 'fact-checker' },
  textField: 'notes',
});

export const actions = [
  packAction(marketReports, research, {
    name: 'supersede_report',
    lean: { published_on: 'stale' },
    sections: ['Replacement', 'Supersession'],
    from: ['purchased', 'summarised'],
    field: 'status',
    value: 'superseded',
    phrases: ['mark each of those reports as superseded', 'set each of them to superseded'],
    capabilities: ['Tool_Calling', 'Knowledge_Retrieval'],
  }),
  packAction(newsItems, research, {
    name: 'flag_news',
    lean: { mentions_client: true, sentiment: ['negative', 'mixed'] },
    sections: ['Flagging', 'News flag'],
    from: ['new'],
    field: 'status',
    value: 'flagged',
    phrases: ['mark each of those news items as flagged', 'set each of them to flagged for the account team'],
  }),
  packAction(citedSources, research, {
    name: 'reverify_source',
    lean: { accessed_on: 'stale', cited_in: 'high' },
    sections: ['Re-verification', 'Source check'],
    from: ['verified', 'disputed'],
    field: 'status',
    value: 'to verify',
    phrases: ['set each of those sources back to "to verify"', 'mark each of them as to verify again'],
    capabilities: ['Tool_Calling', 'Knowledge_Retrieval'],
  }),
];

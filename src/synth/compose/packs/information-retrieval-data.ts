// information retrieval: the curated names, spreads and note terms its record types draw from (its pack,
// information-retrieval.ts, holds the record types themselves)

// title, authors, topic (the team's reading list: recent work, not the classics everyone knows the numbers of)
export const PAPERS: readonly (readonly [string, string, string])[] = [
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

export const ABSTRACT_TERMS = [
  'contrastive',
  'benchmark',
  'reranker',
  'long-context',
  'distillation',
  'human evaluation',
];

export const SEGMENT_TITLES: Readonly<Record<string, string>> = {
  'cloud infrastructure': 'Cloud Infrastructure Services',
  cybersecurity: 'Security Services',
  payments: 'Digital Payments',
  'EV batteries': 'EV Battery Supply Chain',
  'retail e-commerce': 'Online Retail',
  'digital health': 'Digital Health Platforms',
};

/**
 * The compound annual growth (in %) the houses forecast for each segment's market, low to high: online retail and
 * payments are large, maturing markets in single digits to low teens; cloud and digital health grow faster, EV battery
 * supply fastest. A segment's reports draw from its band; the bands together span the growth field's range.
 */
export const GROWTH_BANDS: Readonly<Record<string, readonly [number, number]>> = {
  'retail e-commerce': [4, 10],
  payments: [7, 14],
  cybersecurity: [8, 14],
  'cloud infrastructure': [12, 22],
  'digital health': [12, 24],
  'EV batteries': [15, 30],
};

export const REPORT_KINDS: Readonly<Record<string, string>> = {
  Gartner: 'Market Share Analysis',
  Forrester: 'Wave',
  IDC: 'Worldwide Forecast',
  McKinsey: 'Industry Outlook',
  Statista: 'Market Insights',
  'company filing': 'Annual report (10-K) extract',
};

export const FINDING_TERMS = [
  'bottom-up model',
  'vendor survey',
  'consolidation',
  'price pressure',
  'SMB segment',
  'base-year revision',
];

// the months (from 0) a seasonal story runs in: a Christmas trading warning is autumn and winter news
const SEASONS: readonly (readonly [RegExp, readonly number[]])[] = [
  [/christmas|festive|black friday/i, [9, 10, 11, 0]],
  [/summer/i, [4, 5, 6, 7, 8]],
  [/winter/i, [9, 10, 11, 0, 1, 2]],
];

/** Whether a headline may run on `day` (a story tied to a season only in its months). */
export const inSeason = (headline: string, day: unknown): boolean => {
  const month = new Date(`${String(day).slice(0, 10)}T12:00:00Z`).getUTCMonth();
  return SEASONS.every(([re, months]) => !re.test(headline) || months.includes(month));
};

// headline, the tones a media watch rates it (a data breach is never good news), and whether the tech press runs it
// (several times a day's monitor items of a tone, so that no story is in every task)
export const HEADLINES: readonly (readonly [string, readonly string[], boolean])[] = [
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
  ['Grocer cuts prices on 500 everyday lines', ['positive', 'neutral'], false],
  ['Union calls strike at parcel depots', ['negative', 'mixed'], false],
  ['Fintech lender fined for misleading adverts', ['negative'], true],
  ['Builder warns on profits as material costs climb', ['negative', 'mixed'], false],
  ['Streaming service loses subscribers after price rise', ['negative', 'mixed'], true],
  ['Airline adds 12 new routes for the summer', ['positive', 'neutral'], false],
  ['Chip designer agrees $2bn sale to rival', ['positive', 'neutral', 'mixed'], true],
  ['Water company misses leakage targets again', ['negative'], false],
  ['Fashion chain to close 30 stores', ['negative', 'mixed'], false],
  ['Cyber attack halts production at engineering group', ['negative'], true],
  ['Energy supplier doubles profit as bills stay high', ['mixed', 'positive'], false],
  ['Online bank wins full banking licence', ['positive', 'neutral'], true],
  ['Hotel group sells estate to investment fund', ['neutral', 'mixed', 'positive'], false],
  ['Food maker recalls snacks over allergen labelling', ['negative', 'mixed'], false],
  ['Cloud provider opens new data centre region', ['positive', 'neutral'], true],
  ['Watchdog clears merger of two mobile networks', ['positive', 'neutral', 'mixed'], true],
  ['Housebuilder completions fall by a fifth', ['negative', 'mixed'], false],
  ['Software firm cuts 8% of staff after slowdown', ['negative', 'mixed'], true],
  ['Brewer names former rival boss as chair', ['neutral', 'positive'], false],
  ['Delivery app fined over rider pay records', ['negative'], true],
  ['Rail operator promises refunds after week of delays', ['negative', 'mixed'], false],
  ['Medical device maker wins approval for heart monitor', ['positive', 'neutral'], true],
  ['Shipping line warns of longer routes and higher rates', ['negative', 'neutral'], false],
  ['Games studio delays flagship title to next year', ['negative', 'mixed'], true],
  ['Department store chain finds buyer', ['positive', 'mixed'], false],
  ['Payments start-up doubles valuation in new funding round', ['positive', 'neutral'], true],
];

export const NEWS_TERMS = ['layoffs', 'acquisition', 'data breach', 'profit warning', 'lawsuit', 'product launch'];

// (no straight quotes or ampersands: a citation is written into CSV and HTML deliverables verbatim)
export const CITATIONS: Readonly<Record<string, readonly string[]>> = {
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

// a grade of the kind of source, never of our own checks ("unverified" beside a verified status read as a
// contradiction: review 43)
export const RELIABILITY: Readonly<Record<string, string>> = {
  'journal article': 'peer-reviewed',
  preprint: 'not peer-reviewed',
  'official statistics': 'primary',
  'company filing': 'primary',
  'news article': 'reputable secondary',
  dataset: 'primary',
  interview: 'first-hand account',
};

export const SOURCE_TERMS = [
  'headline figure',
  'methodology',
  'correction',
  'press release',
  'translated',
  'archived copy',
];

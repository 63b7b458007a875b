// legal: the curated names, spreads and note terms its record types draw from (its pack,
// legal.ts, holds the record types themselves)

import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import type { Rec, World } from '../parts.js';
import { fresh } from '../sources/kit.js';
import { refId } from './table-source.js';
import { shuffle } from '../../kit/ids.js';

// client, matter description, the practice area it belongs to, and the courts or tribunals its deadlines can fall
// in (none: non-contentious work, no court deadline)
export const MATTERS: readonly (readonly [string, string, string, readonly string[]])[] = [
  [
    'Harbour Foods Ltd',
    'Harbour Foods v Lintel Logistics – late delivery claim',
    'commercial litigation',
    ['High Court (KBD)', 'Court of Appeal'],
  ],
  ['Greyfield Estates', 'Greyfield Estates – lease renewal, Unit 4 Kingsway', 'real estate', ['County Court']],
  ['Norland Software plc', 'Norland Software – acquisition of Brightpath Analytics', 'corporate M&A', []],
  [
    'Dr Amelia Chen',
    'Chen – unfair dismissal claim against St Brannock Trust',
    'employment',
    // (a tribunal claim is appealed to the EAT, which no court list here holds: not to the Court of Appeal)
    ['Employment Tribunal'],
  ],
  ['Pellow Engineering', 'Pellow Engineering – patent opposition EP 3 412 908', 'intellectual property', []],
  ['Castleford Care Homes', 'Castleford Care – CQC enforcement response', 'regulatory', []],
  [
    'Otterburn Textiles',
    'Otterburn Textiles – administration, creditor claims',
    'insolvency',
    ['Business and Property Courts'],
  ],
  ['The Marlowe Family Trust', 'Marlowe Trust – estate administration', 'private client', []],
  [
    'Kestrel Aviation Services',
    'Kestrel Aviation v Corran Leasing – aircraft lease dispute',
    'commercial litigation',
    ['Business and Property Courts', 'Court of Appeal'],
  ],
  ['Brightwater Retail', 'Brightwater Retail – restructuring of store leases', 'real estate', []],
  ['Aldgate Payments Ltd', 'Aldgate Payments – FCA skilled person review', 'regulatory', []],
  ['Westmoor Logistics', 'Westmoor Logistics – TUPE transfer of drivers', 'employment', ['Employment Tribunal']],
  [
    'Fenwick Biotech',
    'Fenwick Biotech – trade mark infringement, FENLUX',
    'intellectual property',
    ['Business and Property Courts'],
  ],
  ['Solent Marine Group', 'Solent Marine – sale of the ferry business', 'corporate M&A', []],
  [
    'Tidewater Shipping',
    'Tidewater Shipping v Oriel Insurance – cargo policy arbitration',
    'commercial litigation',
    ['LCIA arbitration'],
  ],
  [
    'Rowan Construction',
    'Rowan Construction v Halden Homes – adjudication enforcement',
    'commercial litigation',
    ['Business and Property Courts', 'High Court (KBD)'],
  ],
  ['Lindqvist Holdings', 'Lindqvist v Greyfield Estates – dilapidations claim', 'real estate', ['County Court']],
  [
    'Marlow Brewing Co',
    'Marlow Brewing – distribution agreement arbitration',
    'commercial litigation',
    ['LCIA arbitration'],
  ],
  [
    'Peter Brennan',
    'Brennan v Westmoor Logistics – warehouse injury claim',
    'commercial litigation',
    ['High Court (KBD)', 'County Court'],
  ],
];

// the companies we contract with, and the kinds of contract each could be on the other side of (a caterer supplies
// under a supply agreement or an MSA, never a SaaS subscription)
const COUNTERPARTY_TYPES: readonly (readonly [string, readonly string[]])[] = [
  ['Northgate Facilities Ltd', ['MSA', 'SOW', 'NDA', 'lease']],
  ['Cobalt Cloud Services', ['SaaS subscription', 'MSA', 'DPA', 'NDA', 'SOW', 'licence']],
  ['Meridian Office Supplies', ['supply agreement', 'NDA']],
  ['Larkspur Data Systems', ['SaaS subscription', 'licence', 'DPA', 'MSA', 'SOW', 'NDA']],
  ['Hollis Property Partners', ['lease', 'NDA']],
  ['Kingsmead Estates', ['lease']],
  ['Vantage Payroll Ltd', ['SaaS subscription', 'DPA', 'MSA', 'NDA']],
  ['Redcliffe Logistics', ['supply agreement', 'MSA', 'SOW', 'NDA']],
  ['Quayside Print Group', ['supply agreement', 'SOW', 'NDA']],
  ['Orbital Telecom plc', ['MSA', 'supply agreement', 'DPA', 'NDA']],
  ['Ashdown Security Services', ['MSA', 'SOW', 'NDA']],
  ['Clearwater Analytics GmbH', ['SaaS subscription', 'licence', 'DPA', 'NDA', 'SOW']],
  ['Tamar Software Inc.', ['SaaS subscription', 'licence', 'DPA', 'NDA', 'SOW', 'MSA']],
  ['Pinecrest Catering', ['supply agreement', 'MSA', 'NDA']],
  ['Beaumont Recruitment', ['MSA', 'DPA', 'NDA']],
  ['Fenwick Fleet Hire', ['supply agreement', 'MSA', 'NDA']],
  ['Silverbirch HR Systems', ['SaaS subscription', 'DPA', 'licence', 'NDA']],
  ['Granary Wharf Holdings', ['lease', 'NDA']],
  ['Albion Waste Management', ['supply agreement', 'MSA', 'SOW']],
  ['Keystone Legal Translations', ['MSA', 'SOW', 'NDA', 'DPA']],
  ['Harbourline Energy', ['supply agreement', 'MSA']],
  ['Nimbus Backup Ltd', ['SaaS subscription', 'DPA', 'MSA', 'NDA']],
  ['Castlegate Offices LLP', ['lease']],
  ['Brightwater Cleaning Co', ['supply agreement', 'MSA', 'NDA']],
  ['Ridgeway Consulting Partners', ['SOW', 'MSA', 'NDA']],
  ['Polaris Identity Services', ['SaaS subscription', 'licence', 'DPA', 'NDA']],
  ['Marlowe Archive Storage', ['supply agreement', 'DPA', 'MSA']],
  ['Everton Park Developments', ['lease', 'NDA']],
  ['Sable Street Media', ['SOW', 'licence', 'NDA']],
  ['Thornbury Medical Screening', ['MSA', 'DPA', 'SOW']],
  ['Lowther Payments Ltd', ['SaaS subscription', 'DPA', 'MSA', 'NDA']],
  ['Fernhill Workspace Software', ['SaaS subscription', 'licence', 'DPA', 'NDA']],
  ['Quillon Document Systems', ['SaaS subscription', 'licence', 'DPA', 'SOW']],
  ['Brackley CRM Ltd', ['SaaS subscription', 'DPA', 'MSA', 'NDA']],
  ['Wavecrest Survey Tools', ['SaaS subscription', 'DPA', 'NDA']],
  ['Halden Expense Cloud', ['SaaS subscription', 'DPA', 'licence']],
  ['Stirling Learning Platforms', ['SaaS subscription', 'licence', 'DPA', 'SOW']],
  ['Copperleaf Design Software', ['licence', 'SaaS subscription', 'NDA']],
  ['Ashbourne Ticketing Systems', ['SaaS subscription', 'DPA', 'MSA']],
  ['Moorgate Data Rooms', ['SaaS subscription', 'DPA', 'NDA']],
  ['Tidewater Monitoring', ['SaaS subscription', 'licence', 'DPA', 'SOW', 'MSA']],
  ['Harrowgate Print Management', ['supply agreement', 'SaaS subscription', 'DPA']],
  ['Kestrel Contract Software', ['SaaS subscription', 'licence', 'DPA', 'NDA']],
  ['Bellhaven Property Services', ['lease', 'MSA', 'NDA']],
  ['Whitcombe Engineering Ltd', ['supply agreement', 'SOW', 'NDA']],
  ['Oakmere Interim Partners', ['SOW', 'MSA', 'NDA', 'DPA']],
];
export const COUNTERPARTIES = COUNTERPARTY_TYPES.map(([name]) => name);
/** The counterparties that could be on the other side of a contract of `type` (any, for a type none lists). */
export const counterpartiesFor = (type: string): readonly string[] => {
  const fit = COUNTERPARTY_TYPES.filter(([, types]) => types.includes(type)).map(([name]) => name);
  return fit.length ? fit : COUNTERPARTIES;
};

// a client's people under a hold: first and family names paired by a stride, so that a task's dozen custodians
// are seldom another task's (24 × 24 names, none repeated within a task)
const CUSTODIAN_FIRST = [
  'Daniel',
  'Fiona',
  'Rajesh',
  'Claire',
  'Marcus',
  'Yvonne',
  'Tobias',
  'Nadia',
  'Gareth',
  'Helena',
  'Oliver',
  'Bethan',
  'Imogen',
  'Kwame',
  'Sofia',
  'Declan',
  'Priya',
  'Anders',
  'Leah',
  'Matteo',
  'Grace',
  'Hamid',
  'Eleanor',
  'Ruairi',
];
const CUSTODIAN_LAST = [
  'Whitlock',
  'MacRae',
  'Menon',
  'Dubois',
  'Feld',
  'Adair',
  'Lind',
  'Rahman',
  'Pryce',
  'Sousa',
  'Tran',
  'Hughes',
  'Okafor',
  'Brennan',
  'Castellano',
  'Nyberg',
  'Kaur',
  'Ashworth',
  'Mensah',
  'Rossi',
  'Delaney',
  'Farouk',
  'Hollis',
  'Quinlan',
];
export const CUSTODIANS = Array.from(
  { length: 24 * 24 },
  (_, k) => `${CUSTODIAN_FIRST[k % 24]} ${CUSTODIAN_LAST[(k * 5 + Math.floor(k / 24)) % 24]}`,
);

export const MATTER_TERMS = [
  'Part 36 offer',
  'mediation',
  'security for costs',
  'without prejudice',
  "counsel's opinion",
  'costs budget',
];

// annual value range of each contract type
// what every contract of a type has, whatever else is drawn (the reasons a policy gives for sparing that type say
// so, spared-data.ts): an SOW ends with its project under its MSA, an NDA lapses on its own terms, so neither is
// ever set to renew itself
export const CONTRACT_FACTS: Readonly<Record<string, Readonly<Record<string, string | boolean>>>> = {
  SOW: { auto_renew: false },
  NDA: { auto_renew: false },
};

export const CONTRACT_VALUE: Readonly<Record<string, readonly [number, number]>> = {
  MSA: [20_000, 400_000],
  NDA: [0, 0],
  'SaaS subscription': [5_000, 250_000],
  'supply agreement': [50_000, 900_000],
  lease: [30_000, 300_000],
  licence: [5_000, 120_000],
  DPA: [0, 0],
  SOW: [10_000, 200_000],
};

export const CONTRACT_TERMS = [
  'change of control',
  'uncapped liability',
  'exclusivity',
  'most favoured customer',
  'step-in rights',
  'termination for convenience',
];

export const DEADLINE_TERMS = [
  'unless order',
  'consent order',
  'relief from sanctions',
  'trial window',
  'costs management',
  'strike-out',
];

export const HOLD_TERMS = [
  'personal devices',
  'WhatsApp',
  'backup tapes',
  'shared drive',
  'paper files',
  'Teams chats',
];

// the steps each court or tribunal sets deadlines for (the High Court's lists cover a claim from limitation to trial)
const HIGH_COURT_STEPS = [
  'limitation period',
  'service of claim form',
  'defence',
  'disclosure',
  'witness statements',
  'expert reports',
  'hearing',
];
export const STEPS: Readonly<Record<string, readonly string[]>> = {
  'High Court (KBD)': HIGH_COURT_STEPS,
  'Business and Property Courts': HIGH_COURT_STEPS,
  'County Court': ['service of claim form', 'defence', 'disclosure', 'witness statements', 'expert reports', 'hearing'],
  'Employment Tribunal': ['limitation period', 'disclosure', 'witness statements', 'hearing', 'appeal window'],
  'Court of Appeal': ['appeal window', 'hearing'],
  'LCIA arbitration': ['defence', 'disclosure', 'witness statements', 'expert reports', 'hearing'],
};

// per task, the matter each court's deadlines fall in (one per court)
export const COURTS = [
  'High Court (KBD)',
  'Business and Property Courts',
  'County Court',
  'Employment Tribunal',
  'Court of Appeal',
  'LCIA arbitration',
];

// the fee a step costs in its court (GBP): an issue fee for a claim, a hearing fee, an appeal fee; none for
// exchanging documents, at the tribunal or in an arbitration (its costs are not court fees)
export function feeOf(rec: Rec, w: World): number {
  const court = String(rec.court);
  if (court === 'Employment Tribunal' || court === 'LCIA arbitration') return 0;
  switch (rec.deadline_kind) {
    case 'limitation period':
    case 'service of claim form':
      return w.rng.pick(court === 'County Court' ? [205, 455, 1675] : [2750, 6000, 10_000]);
    case 'hearing':
      return court === 'Court of Appeal' ? 1380 : court === 'County Court' ? 545 : 1175;
    case 'appeal window':
      return 528;
    default:
      return 0;
  }
}

export const matterIn = (w: World, court: unknown) => refId(w, 'MAT-', Math.max(0, COURTS.indexOf(String(court))), 6);

// a matter of the list that fits (its courts, its area), one no other matter of the task is already
export function matterFor(w: World, fits: (courts: readonly string[], area: string) => boolean, i: number): Rec {
  const names = MATTERS.filter(([, , area, courts]) => fits(courts, area)).map(([, name]) => name);
  const name = fresh(w, 'matter name', names.length ? names : MATTERS.map(([, n]) => n), i);
  const [client, , area] = MATTERS.find(([, n]) => n === name) ?? (MATTERS[0] as (typeof MATTERS)[number]);
  return { client, matter_name: name, practice_area: area };
}

export function holdScope(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `mailbox from January ${rng.int(2021, 2024)} onwards`,
          `all email and attachments since ${rng.pick(['March', 'June', 'September'])} ${rng.int(2022, 2024)}`,
          'mailbox and calendar, no date limit',
        ),
        ...(term ? [oneOf(rng, `include ${term}`, `${term} within scope`, `custodian confirmed ${term} in use`)] : []),
        oneOf(
          rng,
          'suspend auto-deletion on the account',
          'IT to image the laptop',
          'do not delete or edit anything relating to the supply contract',
          'preserve drafts and notes too',
        ),
      ],
    },
    'plain',
  );
}

// the dates no agreement between the parties moves: a hearing is vacated and relisted by the court, and a limitation
// period runs whatever the parties agree; only a step of the directions (or an appeal window, on application) is
// extended (reviews 28-29: a tribunal's limitation period "extended by consent")
const FIXED_DATES: ReadonlySet<string> = new Set(['hearing', 'limitation period']);

/** The repairs of a deadline said to be extended that no extension can move (none: it may be). */
export function notExtended(rec: Rec, kinds: readonly string[], w: World): Partial<Rec>[] {
  if (!FIXED_DATES.has(String(rec.deadline_kind)) || !/^extend|^extension/.test(String(rec.status))) return [];
  return [
    ...shuffle(w.rng, ['upcoming', 'in preparation']).map((status) => ({ status })),
    ...shuffle(
      w.rng,
      kinds.filter((k) => !FIXED_DATES.has(k)),
    ).map((deadline_kind) => ({ deadline_kind })),
  ];
}

import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';

// the free text of the plant's records, written from the record's own fields: a work order's shop-floor note, an
// NCR's description, an inspection's findings log

// what the note says of the order's material and of where the run stands, read from the record: an order flagged
// short is never "kitted", a planned one has no second shift continuing, a completed one no setup to do
function materialLine(rng: Rng, rec: Readonly<Record<string, unknown>> | undefined): string {
  const status = String(rec?.status ?? 'planned');
  const line = lineWords(rec);
  if (rec?.material_shortage === true)
    return oneOf(
      rng,
      'kit incomplete, stores chasing the supplier',
      line.short,
      `waiting on ${line.awaited}, expected in ${rng.int(2, 9)} days`,
      'material short at the cell, buyer informed',
    );
  if (status === 'planned' || status === 'released')
    return oneOf(rng, 'material kitted at the cell', 'kit picked by stores', 'all material in stores');
  return oneOf(rng, 'material issued to the cell', 'all material booked out', 'kit complete');
}

// what each line sets up, runs short of and waits for: a paint or packing order has no CNC program nor bar stock
// (review 56: 9 of 12 work-order tasks had one)
const LINE_WORDS: Readonly<Record<string, LineWords>> = {
  machining: {
    short: 'short of blanks, bar stock on order',
    awaited: 'castings',
    proven: 'CNC program proven',
    prove: 'CNC program to be proven',
  },
  welding: {
    short: 'short of plate, steel on order',
    awaited: 'the cut plate',
    proven: 'weld procedure qualified',
    prove: 'weld procedure to be qualified',
  },
  assembly: {
    short: 'short of fasteners, kit on order',
    awaited: 'sub-assemblies',
    proven: 'build instructions checked',
    prove: 'build instructions to be checked',
  },
  paint: {
    short: 'short of primer, paint on order',
    awaited: 'the topcoat',
    proven: 'colour match signed off',
    prove: 'colour match to be signed off',
  },
  test: {
    short: 'short of test fixtures, on order',
    awaited: 'the test harness',
    proven: 'test program loaded',
    prove: 'test program to be loaded',
  },
  packing: {
    short: 'short of cartons, on order',
    awaited: 'labels',
    proven: 'packing spec checked',
    prove: 'packing spec to be checked',
  },
};

type LineWords = { short: string; awaited: string; proven: string; prove: string };
const lineWords = (rec: Readonly<Record<string, unknown>> | undefined): LineWords =>
  LINE_WORDS[String(rec?.line)] ?? (LINE_WORDS.machining as LineWords);

// (`{proven}` and `{prove}`: the line's own setup, LINE_WORDS)
const STAGE_LINE: Readonly<Record<string, readonly string[]>> = {
  planned: ['setup sheet updated', '{prove}', 'awaiting a slot on the line'],
  released: ['setup sheet updated', 'tooling set for the first run', '{proven}'],
  'in progress': ['second shift to continue', 'operator signed off the first-off', '{proven}'],
  'on hold': ['run paused, line given to another order', 'held pending the planner', 'paused at the current operation'],
  completed: ['operator signed off the last batch', 'goods booked to stores', 'final inspection passed'],
  closed: ['goods booked to stores', 'costs closed by finance', 'final inspection passed'],
};

export function shopNote(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          materialLine(rng, rec),
          `drawing rev ${String.fromCharCode(65 + rng.int(1, 6))}`,
          `routing has ${rng.int(3, 8)} operations`,
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} needed before the run`,
                `planner flagged ${term}`,
                `${term} on ${rng.pick(['days', 'nights', 'the weekend shift'])}`,
                `see shift log re ${term}`,
              ),
            ]
          : []),
        oneOf(rng, ...(STAGE_LINE[String(rec?.status)] ?? ['setup sheet updated']), '').replace(
          /\{(proven|prove)\}/,
          (_, k: 'proven' | 'prove') => lineWords(rec)[k],
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}

// (the parts quarantined are the NCR's own affected quantity, not a number of their own)
export function ncrDescription(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const affected = Number(rec?.quantity_affected) || rng.int(2, 40);
  const [found, checked] = EVIDENCE[String(rec?.defect_type)] ?? [[], []];
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `${affected} ${affected === 1 ? 'part' : 'parts'} quarantined in the MRB cage`,
          'photos attached',
          `lot ${rng.int(1000, 9999)}-${rng.pick(['A', 'B', 'C'])}`,
          ...found,
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `found at ${term}`,
                `raised from ${term}`,
                `${term} — quality manager informed`,
                `logged as ${term}`,
              ),
            ]
          : []),
        oneOf(rng, 'operator interviewed', ...checked, ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

// how a quality engineer establishes each kind of defect, and what they checked it against: a dimension is measured
// on the CMM against the drawing, a label read against the approved artwork, contamination sampled for the lab
// (before the record is known, only what holds for any defect)
const EVIDENCE: Readonly<Record<string, readonly [found: readonly string[], checked: readonly string[]]>> = {
  dimensional: [['measured on the CMM, report attached'], ['drawing tolerance checked', 'gauge R&R in date']],
  'surface finish': [['Ra measured with the profilometer'], ['compared with the finish sample']],
  porosity: [['pores found at X-ray'], ['casting sectioned for the lab']],
  'weld crack': [['crack found at dye penetrant test'], ['welder qualification checked']],
  'wrong material': [['XRF check does not match the cert'], ['mill certificate checked']],
  'missing component': [['assembly checked against the BOM'], ['kitting list checked']],
  contamination: [['residue found on the mating faces'], ['sample sent to the lab', 'cleaning procedure checked']],
  labelling: [['label does not match the approved artwork'], ['label checked against the drawing']],
};

// the findings log as the check is planned and worked: what holds whether the check is scheduled, in work or
// certified (its status follows from the calendar limit after the log is written), so nothing claims a walkround
// on an aircraft not yet in the hangar; a line check (daily, weekly) is done at the stand between flights, so its
// log has no hangar slot, work pack, AD review or borescope, which are a base check's
export function findings(
  rng: Rng,
  term: string | undefined,
  _vocab?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const line = /daily|weekly/.test(String(rec?.check_type ?? ''));
  // a grounded aircraft (AOG) is off the flying programme: its log says so (true before and after the check is
  // certified), never that the check fits a turnaround
  const close =
    rec?.aog === true
      ? ['AOG declared to maintenance control', 'tail taken off the flying programme', 'ops informed of the AOG']
      : line
        ? ['consumables ready at the stand', 'fits in the turnaround']
        : ['parts pre-ordered from stores', 'no ADs falling due', 'engine borescope added to the pack'];
  return writePlan(
    rng,
    {
      facts: [
        line
          ? oneOf(
              rng,
              'tech log entries reviewed',
              'open MEL items noted for the crew',
              'task cards printed for the stand',
            )
          : oneOf(
              rng,
              'tech log entries reviewed',
              rng.chance(0.3)
                ? 'one deferred defect carried forward'
                : `${rng.int(2, 3)} deferred defects carried forward`,
              'work pack prepared',
              'hangar slot confirmed with planning',
            ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} carried from the last check`,
                `${term} reported by the crew`,
                `check for ${term} per the AMM`,
                `${term} raised as a defect`,
              ),
            ]
          : []),
        oneOf(rng, ...close, ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

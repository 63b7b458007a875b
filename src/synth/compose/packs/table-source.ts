import type { Lean } from '../../rules/draw.js';
import type { Capability, ScenarioDomain } from '../../../schema/taxonomy.js';
import { type Field, type TableService, tableKey } from '../../../services/tables.js';
import type { Person } from '../../kit/people.js';
import type { DateModel, FieldModel, FlagModel, NumberModel, TextModel } from '../../rules/fields.js';
import { at, dateOf } from '../../kit/dates.js';
import { ids } from '../../kit/ids.js';
import { freeRecord } from '../../rules/set-atom.js';
import { aboutTheirRecords, distinctTexts } from '../compile/distinct-texts.js';
import type { ActionPart, Fixtures, Measure, Rec, SourcePart, World } from '../parts.js';
import {
  byEmail,
  cycle,
  defineSource,
  inAgreement,
  inOrder,
  inTense,
  inThePast,
  sourceFixtures,
} from '../sources/kit.js';

// A domain pack's record type: one table of a domain system (src/services/domains/) as a compose source. The
// table gives the field types and enum values; the pack adds what only a practitioner knows — how values are
// spread, what a field is called in conversation, which words a note may hold — and the fields no rule uses
// (names, titles, people). A pack is data plus these small builders, one registry line per record type.

/**
 * How a pack describes one rule field beyond its table type. A number's `unit` replaces the table's in rules
 * ('' for none: "a reminder count of 3 or more", not "3 reminders or more").
 */
export type FieldHint =
  | {
      label: string;
      weights?: readonly number[];
      say?: Readonly<Record<string, string>>;
      /** the table's values this record type holds (none: all of them), e.g. only the licences that end */
      values?: readonly string[];
    }
  | { label: string; min: number; max: number; step?: number; percent?: true; unit?: string; usual?: number }
  | { label: string; from: number; to: number; verb: string; past?: string; subject?: string }
  | { label: string; yes: string; no: string; p?: number; stake?: FlagModel['stake'] }
  | { label: string; terms: readonly string[]; write: TextModel['write']; ofRecord?: true };

/** A record type of a domain pack. */
export interface PackRecord<N extends string> {
  name: N;
  /** the domain system and the plural noun of its table */
  system: TableService;
  table: string;
  /** what coworkers call one and several (default the table's nouns) */
  noun?: readonly [string, string];
  domains: readonly ScenarioDomain[];
  capabilities: readonly Capability[];
  /** the rule fields: table fields a rule may select by, with their spread and words */
  fields: Readonly<Record<string, FieldHint>>;
  /** rule fields a mid-task change never sets (a type, a count or flag that only goes one way) */
  fixed?: readonly string[];
  /** past date fields a mid-task change may move */
  mutable?: readonly string[];
  /** date fields in the order things happen ([requested, needed by]) */
  order?: readonly (readonly [string, string])[];
  /** states that only hold on one side of a date (see SourcePart.tense) */
  tense?: SourcePart['tense'];
  /** the other fields of a fresh record (people, names, titles, references) */
  make(w: World, id: string, i: number): Rec;
  /** fits what `make` drew to the final rule fields (see SourcePart.settle): a security to the terms of its thesis */
  settle?: SourcePart['settle'];
  title(rec: Rec): string;
  /** the field a deliverable names each record by besides its id, and what it is called */
  nameField: { field: string; label: string };
  /**
   * the e-mail field naming who is responsible, and what a request calls them; `name` for someone outside the
   * company (a customer, a pet's owner), whose address is not in the staff directory
   */
  owner?: { field: string; role: string; name?: (rec: Rec) => string };
  /** the number a computation adds up or compares */
  measure?: Measure;
  /** how the record's linked rule fields are made to agree (see SourcePart.agree) */
  agree?: SourcePart['agree'];
  /** the fields idle on the task's today (see SourcePart.idle) */
  idle?: SourcePart['idle'];
  /** the records the task's records imply (see SourcePart.companions) */
  companions?: SourcePart['companions'];
  /** the free-text field (notes) a hostile instruction or a remark goes into */
  textField?: string;
  /**
   * the record type each ref field points to: the records a task's records refer to (a deadline's matter, a
   * booking's trip) join the fixtures, drawn like any record of their type, so no reference dangles
   */
  parents?: Readonly<Record<string, SourcePart<string>>>;
  /**
   * fields that follow from the drawn ones (a return date after the departure, a supplier of the booked kind),
   * set on each record before it becomes initial state; never a rule field or the owner's
   */
  derive?(rec: Rec, w: World, i: number): Rec;
  /** the part of `derive` that is a fixed mapping of rule fields, no draw (SourcePart.follows) */
  follows?(rec: Readonly<Rec>): Rec;
  /**
   * the values of a referenced record that follow from the records referring to it (a trip's destination and
   * dates from its bookings, a workflow's last run from its runs), so the two never contradict each other
   */
  fitParent?(parent: Rec, children: Rec[], w: World): Rec;
  /**
   * the workspace files the records come with (a chart's figures, a page's copy deck, a video's cover frame), by
   * path: what the work on a record is made from, where the team keeps it
   */
  files?(records: Rec[], w: World): Record<string, unknown>;
}

// per task (world): where its records start in the curated lists, and the ids its records refer to
const starts = new WeakMap<World, number>();
const refPools = new WeakMap<World, Map<string, string[]>>();

/**
 * Record i's entry of a curated list (a matter, a supplier, a tail number), from a starting point drawn once
 * per task: the records of one task hold distinct entries (as many as the list has), and tasks differ.
 */
export function nth<T>(w: World, xs: readonly T[], i: number): T {
  const start = starts.get(w) ?? w.rng.int(0, 9_999);
  starts.set(w, start);
  return xs[(i + start) % xs.length] as T;
}

/** The day `days` from the task's today (negative: in the past), for the dates no rule draws. */
export const onDay = (w: World, days: number): string => dateOf(at(w.today, { days }));

/** The day `days` after a drawn date (a return after the departure). */
export function addDays(day: unknown, days: number): string {
  const d = new Date(`${String(day).slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The moves that put a day kept for office hours on a working day (`closed`: the weekdays it may not fall on,
 * 0 Sunday … 6 Saturday), nearest first, forward then back; none when it is on one already.
 */
export function toWorkingDay(day: unknown, closed: readonly number[] = [0, 6]): string[] {
  const d = String(day).slice(0, 10);
  const dow = (x: string) => new Date(`${x}T12:00:00Z`).getUTCDay();
  if (!closed.includes(dow(d))) return [];
  const moves: string[] = [];
  for (let k = 1; k <= 3; k++)
    for (const sign of [1, -1]) {
      const x = addDays(d, sign * k);
      if (!closed.includes(dow(x))) moves.push(x);
    }
  return moves;
}

/** The id record i refers to in a table with `prefix`: a few per task (the first call sets how many), so several records share one. */
export function refId(w: World, prefix: string, i: number, pool = 4): string {
  let pools = refPools.get(w);
  if (!pools) refPools.set(w, (pools = new Map()));
  let xs = pools.get(prefix);
  if (!xs) pools.set(prefix, (xs = ids(w.rng, prefix, pool, 4)));
  return cycle(xs, i);
}

// the records of a pack's type, completed by `derive`, plus the records they refer to (and those these refer to)
function packFixtures(p: PackRecord<string>, collection: string, records: Rec[], w: World): Fixtures {
  if (p.derive) {
    const fixed = new Set([...Object.keys(p.fields), p.owner?.field]);
    records.forEach((rec, i) => {
      const more = p.derive?.(rec, w, i) ?? {};
      const clash = Object.keys(more).find((k) => fixed.has(k));
      if (clash) throw new Error(`pack ${p.name}: derive sets ${clash}, which a rule or the owner reads`);
      // in place: the task's program reads the same records as its initial state
      Object.assign(rec, more);
    });
  }
  const out: Fixtures = { [p.system.name]: { [collection]: records } };
  if (p.files) out.workspace = { files: p.files(records, w) };
  for (const [field, parent] of Object.entries(p.parents ?? {})) {
    const refs = [...new Set(records.map((r) => String(r[field])))];
    const x = { rng: w.rng, today: w.today, vocab: w.vocab };
    const rows = refs.map((id, i) => {
      const made = parent.make(w, id, i);
      const row = { ...made, ...freeRecord(parent.fields, x, made) };
      inThePast(row, parent.fields, w);
      // no rule reads a parent: its dates fall in order, its states on the right side of them, its fields agree
      inOrder(row, parent, w, () => true);
      inTense(row, parent, w, () => true);
      inAgreement(row, parent, w, () => true);
      const children = records.filter((r) => String(r[field]) === id);
      const fit = p.fitParent?.(row, children, w);
      if (!fit || !Object.keys(fit).length) return row;
      // a text about the parent (a dataset's grain, read off its table name) is written again for what the fit made
      // it: never about the table it was drawn as
      const fitted = { ...row, ...fit };
      aboutTheirRecords([fitted], parent, w, false);
      return fitted;
    });
    distinctTexts(rows, parent, x); // (a trip per per-diem claim: as many notes, none twice)
    for (const [svc, cols] of Object.entries(sourceFixtures(parent, rows, w))) {
      const t = (out[svc] = { ...out[svc] });
      for (const [col, v] of Object.entries(cols))
        t[col] = [...(Array.isArray(t[col]) ? (t[col] as unknown[]) : []), ...(v as unknown[])];
    }
  }
  return out;
}

function modelOf(field: string, f: Field, hint: FieldHint): FieldModel {
  switch (f.kind) {
    case 'enum': {
      const h = hint as Extract<FieldHint, { weights?: unknown }>;
      const stray = h.values?.find((v) => !f.values.includes(v));
      if (stray) throw new Error(`pack: ${field} has no value ${stray}`);
      return {
        kind: 'enum',
        field,
        label: h.label,
        values: h.values ?? f.values,
        ...(h.weights ? { weights: h.weights } : {}),
        ...(h.say ? { say: h.say } : {}),
      };
    }
    case 'number':
    case 'money': {
      const h = hint as Extract<FieldHint, { min: number }>;
      const unit = h.unit ?? (f.kind === 'number' ? f.unit : undefined);
      const m: NumberModel = {
        kind: 'number',
        field,
        label: h.label,
        min: h.min,
        max: h.max,
        step: h.step ?? (f.kind === 'money' ? 0.01 : f.int ? 1 : 0.1),
        ...(f.kind === 'money' ? { currency: f.currency } : unit ? { unit } : {}),
        ...(h.percent ? { percent: true as const } : {}),
        ...(h.usual !== undefined ? { usual: h.usual } : {}),
      };
      return m;
    }
    case 'date': {
      const h = hint as Extract<FieldHint, { verb: string }>;
      const m: DateModel = {
        kind: 'date',
        field,
        label: h.label,
        from: h.from,
        to: h.to,
        verb: h.verb,
        ...(h.past ? { past: h.past } : {}),
        ...(h.subject ? { subject: h.subject } : {}),
      };
      return m;
    }
    case 'flag': {
      const h = hint as Extract<FieldHint, { yes: string }>;
      const m: FlagModel = {
        kind: 'flag',
        field,
        label: h.label,
        yes: h.yes,
        no: h.no,
        ...(h.p !== undefined ? { p: h.p } : {}),
        ...(h.stake ? { stake: h.stake } : {}),
      };
      return m;
    }
    case 'text': {
      const h = hint as Extract<FieldHint, { terms: readonly string[] }>;
      return {
        kind: 'text',
        field,
        label: h.label,
        terms: h.terms,
        write: h.write,
        ...(h.ofRecord ? { ofRecord: true } : {}),
      };
    }
    default:
      throw new Error(`pack: ${field} is a ${f.kind} field, which no rule selects by`);
  }
}

/** The compose source of a domain pack's record type. */
export function packSource<const N extends string>(p: PackRecord<N>): SourcePart<N> {
  const table = p.system.tables.find((t) => t.noun[1] === p.table || tableKey(t.noun[1]) === p.table);
  if (!table) throw new Error(`pack ${p.name}: ${p.system.name} has no table ${p.table}`);
  const collection = tableKey(table.noun[1]);
  const fields = Object.entries(p.fields).map(([k, hint]) => {
    const f = table.fields[k];
    if (!f) throw new Error(`pack ${p.name}: ${p.system.name}.${collection} has no field ${k}`);
    return modelOf(k, f, hint);
  });
  const [singular, plural] = p.noun ?? table.noun;
  const list = p.system.tools.find((t) => t.name === `${p.system.name}_list_${collection}`);
  const get = p.system.tools.find((t) => t.name === `${p.system.name}_get_${tableKey(table.noun[0])}`);
  const owner = p.owner;
  return defineSource({
    name: p.name,
    service: p.system.name,
    noun: [singular, plural],
    idField: table.id,
    prefix: table.prefix,
    collection,
    capabilities: p.capabilities,
    fields,
    ...(p.fixed ? { fixed: p.fixed } : {}),
    ...(p.mutable ? { mutable: p.mutable } : {}),
    ...(p.order ? { order: p.order } : {}),
    ...(p.tense ? { tense: p.tense } : {}),
    domains: p.domains,
    ...(p.measure ? { measure: p.measure } : {}),
    ...(p.agree ? { agree: p.agree } : {}),
    ...(p.idle ? { idle: p.idle } : {}),
    ...(p.companions ? { companions: p.companions } : {}),
    ...(p.textField ? { textField: p.textField } : {}),
    make: p.make,
    ...(p.settle ? { settle: p.settle } : {}),
    title: p.title,
    nameField: p.nameField,
    ...(owner
      ? {
          owner: (rec: Rec, w: World): Person | undefined => {
            if (!owner.name) return byEmail(w, rec[owner.field]);
            const name = owner.name(rec);
            return { name, first: name.split(' ')[0] as string, email: String(rec[owner.field]) };
          },
          ownerRole: owner.role,
          ownerFields: [owner.field],
        }
      : {}),
    ...(p.follows ? { follows: p.follows } : {}),
    ...(p.parents || p.derive || p.files
      ? { fixtures: (records: Rec[], w: World) => packFixtures(p, collection, records, w) }
      : {}),
    list: () => (list ? [{ call: list.name, args: {} }] : []),
    ...(get ? { get: (rec: Rec) => ({ call: get.name, args: { [table.id]: rec[table.id] } }) } : {}),
  });
}

/** A status a domain record can be moved to by the work the request asks for ("put each referral on hold"). */
export interface PackAct {
  name: string;
  field: string;
  value: string | boolean;
  /** imperative phrasings for the request */
  phrases: readonly string[];
  /** what the work is for: the names of the policy section it falls under ("Hold", "Renewal") */
  sections: readonly string[];
  /** the values of `field` a record may hold for the change to make sense (default: any other value) */
  from?: readonly string[];
  /**
   * the states of the record's other fields it must be in for the work to make sense (a deadline is diarised
   * while it is still to come, never once vacated): every action names them, a flag as much as a status
   */
  when?: Readonly<Record<string, readonly string[]>>;
  /** per field, the side that calls for the work (a deadline still ahead, a skill outside its sandbox) */
  lean?: Readonly<Record<string, Lean>>;
  /** a go-ahead (approve, grant, pay), not a remedy: the record type's concerns do not steer its rule */
  approves?: true;
  /** fields every rule of this work names, on their lean's side (an approval is always within policy) */
  must?: readonly string[];
  /** the months (1–12) the work is done in (ActionPart.season) */
  season?: readonly number[];
  capabilities?: readonly Capability[];
  /** done for a record left out, a wrong list, not a harm (ActionPart.leftOut): a flag asking a desk to look */
  leftOut?: 'wrong list';
}

/** The per-record action of a pack: the system's update tool setting one field, proved by its audit entry. */
export function packAction<N extends string>(src: SourcePart<N>, system: TableService, act: PackAct): ActionPart<N> {
  const table = system.tables.find((t) => tableKey(t.noun[1]) === src.collection);
  if (!table) throw new Error(`pack action ${act.name}: ${system.name} has no table ${src.collection}`);
  const field = table.fields[act.field];
  if (!field || !('update' in field) || !field.update)
    throw new Error(`pack action ${act.name}: ${system.name}.${src.collection}.${act.field} cannot be updated`);
  const tool = `${system.name}_update_${tableKey(table.noun[0])}`;
  const idOf = (rec: Rec) => String(rec[src.idField]);
  return {
    name: act.name,
    service: system.name,
    tool,
    sources: [src.name],
    capabilities: act.capabilities ?? ['Tool_Calling'],
    phrases: act.phrases,
    sections: act.sections,
    ...(act.lean ? { lean: act.lean } : {}),
    ...(act.approves ? { approves: true as const } : {}),
    ...(act.must ? { must: act.must } : {}),
    ...(act.season ? { season: act.season } : {}),
    ...(act.leftOut ? { leftOut: act.leftOut } : {}),
    ...(act.from || act.when ? { from: { ...act.when, ...(act.from ? { [act.field]: act.from } : {}) } } : {}),
    args: ({ rec }) => ({ [src.idField]: idOf(rec), [act.field]: act.value }),
    proof: ({ rec }) => ({
      service: system.name,
      record: `updated_${src.collection}`,
      where: { [src.idField]: idOf(rec) },
    }),
    exact: () => ({ [act.field]: act.value }),
    writes: { [act.field]: act.value },
  };
}

import type { Capability, ScenarioDomain } from '../../../schema/taxonomy.js';
import type { Field, TableService } from '../../../services/tables.js';
import type { Person } from '../../kit/people.js';
import type { DateModel, FieldModel, FlagModel, NumberModel, TextModel } from '../../rules/fields.js';
import type { ActionPart, Rec, SourcePart, World } from '../parts.js';
import { byEmail, defineSource } from '../sources/kit.js';

// A domain pack's record type: one table of a domain system (src/services/domains/) as a compose source. The
// table gives the field types and enum values; the pack adds what only a practitioner knows — how values are
// spread, what a field is called in conversation, which words a note may hold — and the fields no rule uses
// (names, titles, people). A pack is data plus these small builders, one registry line per record type.

/** How a pack describes one rule field beyond its table type. */
export type FieldHint =
  | { label: string; weights?: readonly number[]; say?: Readonly<Record<string, string>> }
  | { label: string; min: number; max: number; step?: number; percent?: true }
  | { label: string; from: number; to: number; verb: string; past?: string }
  | { label: string; yes: string; no: string; p?: number }
  | { label: string; terms: readonly string[]; write: TextModel['write'] };

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
  /** the other fields of a fresh record (people, names, titles, references) */
  make(w: World, id: string, i: number): Rec;
  title(rec: Rec): string;
  /** the field a deliverable names each record by besides its id, and what it is called */
  nameField: { field: string; label: string };
  /**
   * the e-mail field naming who is responsible, and what a request calls them; `name` for someone outside the
   * company (a customer, a pet's owner), whose address is not in the staff directory
   */
  owner?: { field: string; role: string; name?: (rec: Rec) => string };
  /** the number a computation adds up or compares */
  measure?: { field: string; label: string; unit?: string };
  /** the free-text field (notes) a hostile instruction or a remark goes into */
  textField?: string;
}

function modelOf(field: string, f: Field, hint: FieldHint): FieldModel {
  switch (f.kind) {
    case 'enum': {
      const h = hint as Extract<FieldHint, { weights?: unknown }>;
      return {
        kind: 'enum',
        field,
        label: h.label,
        values: f.values,
        ...(h.weights ? { weights: h.weights } : {}),
        ...(h.say ? { say: h.say } : {}),
      };
    }
    case 'number':
    case 'money': {
      const h = hint as Extract<FieldHint, { min: number }>;
      const m: NumberModel = {
        kind: 'number',
        field,
        label: h.label,
        min: h.min,
        max: h.max,
        step: h.step ?? (f.kind === 'money' ? 0.01 : f.int ? 1 : 0.1),
        ...(f.kind === 'money' ? { currency: f.currency } : f.unit ? { unit: f.unit } : {}),
        ...(h.percent ? { percent: true as const } : {}),
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
      };
      return m;
    }
    case 'text': {
      const h = hint as Extract<FieldHint, { terms: readonly string[] }>;
      return { kind: 'text', field, label: h.label, terms: h.terms, write: h.write };
    }
    default:
      throw new Error(`pack: ${field} is a ${f.kind} field, which no rule selects by`);
  }
}

/** The compose source of a domain pack's record type. */
export function packSource<const N extends string>(p: PackRecord<N>): SourcePart<N> {
  const table = p.system.tables.find((t) => t.noun[1] === p.table || t.noun[1].replace(/ /g, '_') === p.table);
  if (!table) throw new Error(`pack ${p.name}: ${p.system.name} has no table ${p.table}`);
  const collection = table.noun[1].replace(/ /g, '_');
  const fields = Object.entries(p.fields).map(([k, hint]) => {
    const f = table.fields[k];
    if (!f) throw new Error(`pack ${p.name}: ${p.system.name}.${collection} has no field ${k}`);
    return modelOf(k, f, hint);
  });
  const [singular, plural] = p.noun ?? table.noun;
  const list = p.system.tools.find((t) => t.name === `${p.system.name}_list_${collection}`);
  const get = p.system.tools.find((t) => t.name === `${p.system.name}_get_${table.noun[0].replace(/ /g, '_')}`);
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
    domains: p.domains,
    ...(p.measure ? { measure: p.measure } : {}),
    ...(p.textField ? { textField: p.textField } : {}),
    make: p.make,
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
  capabilities?: readonly Capability[];
}

/** The per-record action of a pack: the system's update tool setting one field, proved by its audit entry. */
export function packAction<N extends string>(src: SourcePart<N>, system: TableService, act: PackAct): ActionPart<N> {
  const table = system.tables.find((t) => t.noun[1].replace(/ /g, '_') === src.collection);
  if (!table) throw new Error(`pack action ${act.name}: ${system.name} has no table ${src.collection}`);
  const field = table.fields[act.field];
  if (!field || !('update' in field) || !field.update)
    throw new Error(`pack action ${act.name}: ${system.name}.${src.collection}.${act.field} cannot be updated`);
  const tool = `${system.name}_update_${table.noun[0].replace(/ /g, '_')}`;
  const idOf = (rec: Rec) => String(rec[src.idField]);
  return {
    name: act.name,
    service: system.name,
    tool,
    sources: [src.name],
    capabilities: act.capabilities ?? ['Tool_Calling'],
    phrases: act.phrases,
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

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../../env/episode.js';
import { isError } from '../../schema/diagnostics.js';
import { SCENARIO_DOMAINS } from '../../schema/taxonomy.js';
import { makeSpec } from '../../schema/testing.js';
import { staticDiagnostics } from '../../validate/index.js';
import { getService, SERVICES } from '../registry.js';
import { type Field, type Table, tableKey } from '../tables.js';
import { DOMAIN_SYSTEM_OF, DOMAIN_SYSTEMS, type DomainSystem } from './index.js';

// the line-of-business system of every scenario domain: a two-record fixture per table drawn from the typed
// fields, then the derived tools (list, filters, search, get, update, audit), refusals and the gate's fixture check

type Row = Record<string, unknown>;
const body = (content: string) => JSON.parse(content) as Record<string, any>;
const key = (t: Table) => tableKey(t.noun[1]);
const singular = (t: Table) => tableKey(t.noun[0]);
const idOf = (t: Table, i: number) => `${t.prefix}${1001 + i}`;
const fields = (t: Table) => Object.entries(t.fields);
const updatable = (t: Table) => fields(t).filter(([, f]) => 'update' in f && f.update === true);
const filterable = (t: Table) =>
  fields(t).filter(
    (e): e is [string, Extract<Field, { kind: 'enum' }>] => e[1].kind === 'enum' && e[1].filter === true,
  );
const searchable = (t: Table) => fields(t).filter(([, f]) => f.kind === 'text' && f.search === true);
/** the field a table's records move through: its enum that is filterable and updatable */
const statusOf = (t: Table) => filterable(t).find(([, f]) => f.update === true);

/** A valid value of a field for record i (0 or 1): the two records differ in every field. */
function valueFor(sys: DomainSystem, name: string, f: Field, i: number): unknown {
  switch (f.kind) {
    case 'text':
      return `${name.replace(/_/g, ' ')} of record marker-${i}`;
    case 'person':
      return ['Maria Lopez', 'Tom Okafor'][i];
    case 'enum':
      return f.values[i % f.values.length];
    case 'number':
      return f.int ? 3 + i : 12.5 + i;
    case 'money':
      return 1250 + 500 * i;
    case 'date':
      return `2026-03-0${2 + i}`;
    case 'email':
      return `${name.replace(/_/g, '.')}${i}@example.org`;
    case 'flag':
      return i === 1;
    case 'ref': {
      const target = sys.tables.find((t) => key(t) === f.table);
      assert.ok(target, `${sys.service.name}: ${name} names table ${f.table}, which the system does not have`);
      return idOf(target, i);
    }
  }
}

/** A valid new value for an updatable field, different from the current one. */
function changed(f: Field, current: unknown): unknown {
  switch (f.kind) {
    case 'enum':
      return f.values.findLast((v) => v !== current);
    case 'number':
      return Number(current) + 7;
    case 'money':
      return Number(current) + 100;
    case 'date':
      return '2026-04-15';
    case 'email':
      return 'new.owner@example.org';
    case 'flag':
      return !current;
    default:
      throw new Error(`a ${f.kind} field is never updatable`);
  }
}

/** Two records per table. */
function fixtureOf(sys: DomainSystem): Record<string, Row[]> {
  return Object.fromEntries(
    sys.tables.map((t) => [
      key(t),
      [0, 1].map((i) => ({
        [t.id]: idOf(t, i),
        ...Object.fromEntries(fields(t).map(([name, f]) => [name, valueFor(sys, name, f, i)])),
      })),
    ]),
  );
}

/** A gate-shaped spec over the fixture: three checks on the first table (list called, status update audited, final state). */
function specOf(sys: DomainSystem, fixture = fixtureOf(sys)) {
  const s = sys.service.name;
  const t = sys.tables[0] as Table;
  const [status, f] = statusOf(t) ?? assert.fail(`${s}.${key(t)} has no status`);
  const next = changed(f, f.values[0]);
  return makeSpec({
    services: [s],
    request: `Mark the oldest ${t.noun[0]} as "${String(next)}".`,
    fixtures: { [s]: fixture },
    checks: [
      { id: 'listed', kind: 'tool_called', tool: `${s}_list_${key(t)}`, weight: 0.2 },
      {
        id: 'moved',
        kind: 'audit_present',
        service: s,
        record: `updated_${key(t)}`,
        where: { [t.id]: idOf(t, 0), [status]: next },
        weight: 0.4,
      },
      {
        id: 'final',
        kind: 'state_equals',
        service: s,
        collection: key(t),
        record_id: idOf(t, 0),
        field: status,
        value: next,
        weight: 0.4,
      },
    ],
  } as Parameters<typeof makeSpec>[0]);
}

for (const sys of DOMAIN_SYSTEMS) {
  const s = sys.service.name;
  describe(`${s} (${sys.domain})`, () => {
    const spec = specOf(sys);

    it('names every tool after the system: list and get per table, update where a field may change', () => {
      assert.ok(
        sys.service.tools.every((t) => t.name.startsWith(`${s}_`)),
        sys.service.tools.map((t) => t.name).join(' '),
      );
      const expected = sys.tables.flatMap((t) => [
        `${s}_list_${key(t)}`,
        `${s}_get_${singular(t)}`,
        ...(updatable(t).length ? [`${s}_update_${singular(t)}`] : []),
      ]);
      assert.deepEqual(
        sys.service.tools.map((t) => t.name),
        expected,
      );
      assert.deepEqual(Object.keys(sys.service.collections), sys.tables.map(key));
      for (const t of sys.tables) assert.ok(sys.service.audit[`updated_${key(t)}`], `${s}: updated_${key(t)}`);
    });

    it('lists both records; each enum filter and the text search narrow to one', () => {
      const e = createEpisode(spec, { seed: 1 });
      for (const t of sys.tables) {
        const list = (args: Row) => {
          const r = e.call(`${s}_list_${key(t)}`, args);
          assert.equal(r.error, undefined, `${s}_list_${key(t)} ${JSON.stringify(args)}: ${r.error?.message}`);
          return (body(r.content)[key(t)] as Row[]).map((x) => x[t.id]);
        };
        assert.deepEqual(list({}), [idOf(t, 0), idOf(t, 1)]);
        for (const [name, f] of filterable(t)) assert.deepEqual(list({ [name]: f.values[0] }), [idOf(t, 0)], name);
        if (searchable(t).length) assert.deepEqual(list({ query: 'MARKER-1' }), [idOf(t, 1)]);
      }
    });

    it('gets a record by id; a missing id is not_found', () => {
      const e = createEpisode(spec, { seed: 1 });
      for (const t of sys.tables) {
        const got = body(e.call(`${s}_get_${singular(t)}`, { [t.id]: idOf(t, 1) }).content);
        assert.deepEqual(got, fixtureOf(sys)[key(t)]?.[1]);
        assert.equal(e.call(`${s}_get_${singular(t)}`, { [t.id]: `${t.prefix}9999` }).error?.code, 'not_found');
      }
    });

    it('audits each update of every updatable field in updated_<plural>', () => {
      const e = createEpisode(spec, { seed: 1 });
      for (const t of sys.tables) {
        const before = fixtureOf(sys)[key(t)]?.[0] as Row;
        const done: [string, unknown][] = [];
        for (const [name, f] of updatable(t)) {
          const value = changed(f, before[name]);
          const r = e.call(`${s}_update_${singular(t)}`, { [t.id]: idOf(t, 0), [name]: value });
          assert.equal(r.error, undefined, `${s}_update_${singular(t)} ${name}: ${r.error?.message}`);
          assert.equal(body(r.content)[singular(t)][name], value);
          done.push([name, value]);
        }
        const audit = e.audit().records[s]?.[`updated_${key(t)}`] ?? [];
        assert.deepEqual(
          audit.map((x) => x[t.id]),
          done.map(() => idOf(t, 0)),
        );
        done.forEach(([name, value], i) => assert.equal(audit[i]?.[name], value, `${key(t)}.${name}`));
        const final = body(e.call(`${s}_get_${singular(t)}`, { [t.id]: idOf(t, 0) }).content);
        for (const [name, value] of done) assert.equal(final[name], value);
      }
    });

    it('refuses an enum value the field does not have (invalid_argument) and records nothing', () => {
      const e = createEpisode(spec, { seed: 1 });
      for (const t of sys.tables) {
        const [filter] = filterable(t)[0] ?? assert.fail(`${s}.${key(t)}: no enum filter`);
        assert.equal(e.call(`${s}_list_${key(t)}`, { [filter]: 'whatever' }).error?.code, 'invalid_argument');
        const [status] = statusOf(t) ?? assert.fail(`${s}.${key(t)}: no status`);
        const r = e.call(`${s}_update_${singular(t)}`, { [t.id]: idOf(t, 0), [status]: 'whatever' });
        assert.equal(r.error?.code, 'invalid_argument');
        assert.deepEqual(e.audit().records[s]?.[`updated_${key(t)}`] ?? [], []);
      }
    });

    it('the gate finds no error in the valid fixture and names the exact path of an invalid enum value', async () => {
      assert.deepEqual((await staticDiagnostics(spec, { strict: true })).filter(isError), []);
      for (const t of sys.tables) {
        const [filter] = filterable(t)[0] ?? assert.fail(`${s}.${key(t)}: no enum filter`);
        const fixture = fixtureOf(sys);
        (fixture[key(t)] as Row[])[1] = { ...(fixture[key(t)] as Row[])[1], [filter]: 'whatever' };
        const errors = (await staticDiagnostics(specOf(sys, fixture), { strict: true })).filter(isError);
        assert.deepEqual(
          errors.map((d) => [d.code, d.path]),
          [['fixture_invalid_value', `fixtures.${s}.${key(t)}[1].${filter}`]],
          JSON.stringify(errors),
        );
      }
    });
  });
}

describe('domain systems', () => {
  it('every scenario domain has a registered line-of-business system, and each table system is listed once', () => {
    for (const domain of SCENARIO_DOMAINS) assert.ok(getService(DOMAIN_SYSTEM_OF[domain]), domain);
    for (const sys of DOMAIN_SYSTEMS) {
      assert.equal(DOMAIN_SYSTEM_OF[sys.domain], sys.service.name);
      assert.equal(SERVICES.filter((x) => x === sys.service).length, 1, sys.service.name);
    }
    assert.equal(new Set(DOMAIN_SYSTEMS.map((x) => x.domain)).size, DOMAIN_SYSTEMS.length);
  });

  it('no two systems share a table noun (singular or plural) or an id prefix', () => {
    const owner = new Map<string, string>();
    for (const name of Object.values(DOMAIN_SYSTEM_OF)) {
      for (const [plural, col] of Object.entries(getService(name)?.collections ?? {})) {
        for (const noun of new Set([plural, col.label.toLowerCase().replace(/ /g, '_')])) {
          assert.equal(owner.get(noun) ?? name, name, `"${noun}" is a table of both ${owner.get(noun)} and ${name}`);
          owner.set(noun, name);
        }
      }
    }
    const prefixes = DOMAIN_SYSTEMS.flatMap((x) => x.tables.map((t) => t.prefix));
    assert.deepEqual(
      prefixes.filter((p, i) => prefixes.indexOf(p) !== i),
      [],
    );
  });

  it('every table has a status, another enum filter, a date, a quantity, a responsible e-mail and searchable text', () => {
    const snake = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
    for (const sys of DOMAIN_SYSTEMS) {
      for (const t of sys.tables) {
        const at = `${sys.service.name}.${key(t)}`;
        assert.match(t.id, snake, at);
        assert.match(t.prefix, /^[A-Z]{2,4}-$/, at);
        assert.ok(t.about.length > 10, at);
        const kinds = fields(t).map(([, f]) => f.kind);
        assert.ok(statusOf(t), `${at}: no enum that is both filterable and updatable`);
        assert.ok(filterable(t).length >= 2, `${at}: fewer than two enum filters`);
        assert.ok(kinds.includes('date'), `${at}: no date`);
        assert.ok(
          fields(t).some(([, f]) => f.kind === 'money' || (f.kind === 'number' && f.unit)),
          `${at}: no number with a unit or money`,
        );
        assert.ok(kinds.includes('email'), `${at}: no e-mail of a responsible person`);
        assert.ok(searchable(t).length, `${at}: no searchable text`);
        for (const [name, f] of fields(t)) {
          assert.match(name, snake, `${at}.${name}`);
          // the gate reads a string in a field named like a date as an ISO date (validate/integrity.ts)
          if (['text', 'person', 'enum', 'email', 'ref'].includes(f.kind))
            assert.doesNotMatch(name, /(^date$|_date$|_at$|_time$)/, `${at}.${name}`);
          assert.ok(f.about.length > 2, `${at}.${name}: about`);
          if (f.kind === 'enum') {
            // (a short list a reader takes in at once; a standard classification keeps its own length, GICS
            // sectors with a fixed-income line beside them)
            assert.ok(f.values.length >= 4 && f.values.length <= 10, `${at}.${name}: ${f.values.length} values`);
            assert.equal(new Set(f.values).size, f.values.length, `${at}.${name}: repeated value`);
          }
          if (f.kind === 'ref') assert.ok(sys.service.collections[f.table], `${at}.${name} → ${f.table}`);
        }
      }
    }
  });
});

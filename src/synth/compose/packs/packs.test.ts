import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { SCENARIO_DOMAINS, SCENARIOS, type Difficulty, type ScenarioDomain } from '../../../schema/taxonomy.js';
import { runGate } from '../../../validate/index.js';
import { VOCAB } from '../../kit/domains/index.js';
import { UNSUPPORTED_CAPABILITIES } from '../../kit/taxonomy-rules.js';
import { DOMAIN_SYSTEM_OF } from '../../../services/domains/index.js';
import { compileRecipe } from '../compile/index.js';
import type { SourcePart } from '../parts.js';
import type { FieldModel } from '../../rules/fields.js';
import { chooseRecipe } from '../recipe.js';
import { CONCERNS } from '../concerns.js';
import { PARTS } from '../registry.js';
import { makeWorld } from '../world.js';
import { PACK_ACTIONS } from './index.js';
import { SCENARIO_SOURCES, UNFILED } from './scenarios.js';
import { aheadOf } from '../sources/kit.js';

// every domain pack's record types: tasks compiled on each pass the full gate, each domain has its own record
// types, and a note written without a term never holds one.

// a domain system's record types (a picture's places, sources/pictures.ts, are tested there)
const SYSTEMS = new Set(Object.values(DOMAIN_SYSTEM_OF));
const packSources = PARTS.sources.filter((s) => SYSTEMS.has(s.service));
const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];

describe('domain packs', () => {
  it('give every scenario domain at least three record types of its own, with distinct names', () => {
    for (const domain of SCENARIO_DOMAINS) {
      const own = packSources.filter((s) => s.domains?.[0] === domain);
      assert.ok(own.length >= 3, `${domain} has ${own.length} pack record types`);
      for (const s of own) assert.equal(s.domains?.length, 1, `${s.name} belongs to one domain`);
    }
    const names = PARTS.sources.map((s) => s.name);
    assert.equal(new Set(names).size, names.length, 'source names are distinct');
    const nouns = packSources.map((s) => s.noun[1]);
    assert.equal(new Set(nouns).size, nouns.length, 'record type nouns are distinct');
  });

  it('map sub-scenarios to registered record types of their own domain, in every domain (scenarios.ts)', () => {
    for (const domain of SCENARIO_DOMAINS) {
      const subs = SCENARIO_SOURCES[domain] as Record<string, readonly string[]>;
      assert.ok(Object.keys(subs).length > 0, `${domain} maps no sub-scenario`);
      for (const [sub, names] of Object.entries(subs)) {
        assert.ok((SCENARIOS[domain] as readonly string[]).includes(sub), `${domain}/${sub} is no sub-scenario`);
        assert.ok(names.length > 0, `${domain}/${sub}`);
        for (const name of names) {
          const src = PARTS.sources.find((s) => s.name === name);
          assert.ok(src, `${domain}/${sub}: ${name} is no registered source`);
          assert.ok(
            !src.domains || src.domains.includes(domain),
            `${domain}/${sub}: ${name} is not a ${domain} record`,
          );
        }
      }
    }
    // and the other way: every domain a record type lists has a sub-scenario it fits, or declares that it fits
    // none (UNFILED: labelled with the domain alone), so a task of that domain on it is labelled with a
    // sub-scenario its records belong to or none (labelPath never keeps a slot path that misfits)
    for (const src of PARTS.sources)
      for (const domain of src.domains ?? []) {
        const subs = SCENARIO_SOURCES[domain] as Record<string, readonly string[]>;
        const filed = Object.values(subs).some((names) => names.includes(src.name));
        const unfiled = (UNFILED[domain] as readonly string[] | undefined)?.includes(src.name) ?? false;
        assert.ok(filed !== unfiled, `${src.name} lists ${domain}: filed ${filed}, declared unfiled ${unfiled}`);
      }
    for (const [domain, names] of Object.entries(UNFILED))
      for (const name of names ?? [])
        assert.ok(
          PARTS.sources.some((s) => s.name === name && s.domains?.includes(domain as ScenarioDomain)),
          `${domain}: unfiled ${name} is no record type of it`,
        );
  });

  it('have a handful of rule fields per record type, an owner, supportable capabilities, and actions on their own record types', () => {
    // a capability no service exercises would put an LLM-only cell into the plan
    const unsupported = Object.keys(UNSUPPORTED_CAPABILITIES);
    for (const part of [...packSources, ...PACK_ACTIONS])
      for (const c of part.capabilities) assert.ok(!unsupported.includes(c), `${part.name} claims ${c}`);
    for (const s of packSources) {
      assert.ok(s.fields.length >= 3 && s.fields.length <= 7, `${s.name}: ${s.fields.length} rule fields`);
      assert.ok(s.owner && s.ownerRole, `${s.name} names who is responsible`);
    }
    for (const a of PACK_ACTIONS) {
      const src = packSources.find((s) => a.sources.includes(s.name));
      assert.ok(src, `${a.name} acts on a pack record type`);
      const writes = Object.keys(a.writes ?? {});
      for (const f of writes)
        assert.ok(
          src.fields.some((m) => m.field === f),
          `${a.name} writes a drawn field ${f}`,
        );
    }
  });

  it("lean only on rule fields of the action's record types, with the field's own kinds and values", () => {
    const sources = new Map<string, SourcePart>(PARTS.sources.map((s) => [s.name, s as SourcePart]));
    let leaning = 0;
    for (const a of PARTS.actions) {
      if (!a.lean) continue;
      leaning++;
      for (const name of a.sources as readonly string[]) {
        const src = sources.get(name);
        if (!src) continue;
        for (const [field, l] of Object.entries(a.lean)) {
          const m: FieldModel | undefined = src.fields.find((f) => f.field === field);
          const why: string = `${a.name} on ${name}: ${field}`;
          assert.ok(m && m.rule !== false, `${why} is not a rule field`);
          assert.ok(!(field in (a.writes ?? {})) && !(field in (a.from ?? {})), `${why} is the action's own field`);
          // a field with no bearing on the work: no side to take
          if (l === 'unrelated') continue;
          if (m.kind === 'date') assert.ok(l === 'ahead' || l === 'stale' || l === 'recent', why);
          else if (m.kind === 'number') assert.ok(l === 'high' || l === 'low', why);
          else if (m.kind === 'flag') assert.equal(typeof l, 'boolean', why);
          else if (m.kind === 'enum') {
            assert.ok(Array.isArray(l) && l.length > 0, why);
            for (const v of l as readonly string[]) assert.ok(m.values.includes(v), `${why}: no value ${v}`);
          } else assert.fail(`${why}: a ${m.kind} field cannot lean`);
          if (l === 'ahead') assert.ok(m.kind === 'date' && m.to >= 5, `${why}: no room ahead`);
        }
      }
    }
    assert.ok(leaning >= 40, `${leaning} actions lean`);
    // a field every rule names has a side to be named on
    for (const a of PARTS.actions)
      for (const f of a.must ?? []) assert.ok(a.lean && f in a.lean, `${a.name}: must ${f}`);
  });

  it("name concerns only on rule fields of their record types, with the fields' kinds and values", () => {
    const sources = new Map<string, SourcePart>(PARTS.sources.map((s) => [s.name, s as SourcePart]));
    for (const [name, concerns] of Object.entries(CONCERNS)) {
      const src = sources.get(name);
      assert.ok(src, `concerns of ${name}: no such record type`);
      for (const [field, l] of Object.entries(concerns)) {
        const m: FieldModel | undefined = src.fields.find((f) => f.field === field);
        const why: string = `${name}.${field}`;
        assert.ok(m && m.rule !== false, `${why} is not a rule field`);
        if (m.kind === 'date')
          assert.ok((l === 'ahead' && m.to >= 5) || ((l === 'stale' || l === 'recent') && m.from <= -5), why);
        else if (m.kind === 'number') assert.ok(l === 'high' || l === 'low', why);
        else if (m.kind === 'flag') assert.equal(typeof l, 'boolean', why);
        else if (m.kind === 'enum') {
          assert.ok(Array.isArray(l) && l.length > 0, why);
          for (const v of l as readonly string[]) assert.ok(m.values.includes(v), `${why}: no value ${v}`);
        } else if (m.kind === 'text') {
          // the terms that call for the work ("data loss" in a ticket): never the ones an exception spares
          assert.ok(Array.isArray(l) && l.length > 0, why);
          for (const v of l as readonly string[]) assert.ok(m.terms.includes(v), `${why}: no term ${v}`);
        }
      }
    }
    assert.ok(Object.keys(CONCERNS).length >= 60);
  });

  it('write notes that hold a term only when asked to', () => {
    for (const s of packSources) {
      const vocab = VOCAB[s.domains?.[0] ?? 'Legal'];
      for (const m of s.fields) {
        if (m.kind !== 'text') continue;
        const terms = m.terms.map((t) => t.toLowerCase());
        for (const [i, t] of terms.entries())
          for (const [j, u] of terms.entries())
            if (i !== j) assert.ok(!t.includes(u), `${s.name}.${m.field}: "${u}" is part of "${t}"`);
        for (let k = 0; k < 300; k++) {
          const rng = createRng(`note-${s.name}`, k);
          const plain = m.write(rng, undefined, vocab).toLowerCase();
          for (const t of terms) assert.ok(!plain.includes(t), `${s.name}.${m.field} wrote "${t}" unasked: ${plain}`);
          const term = m.terms[k % m.terms.length] as string;
          const asked = m.write(rng, term, vocab).toLowerCase();
          assert.ok(asked.includes(term.toLowerCase()), `${s.name}.${m.field} left out "${term}": ${asked}`);
          for (const t of terms)
            if (t !== term.toLowerCase())
              assert.ok(!asked.includes(t), `${s.name}.${m.field} wrote "${t}" beside "${term}": ${asked}`);
        }
      }
    }
  });

  it("write a record's note for each of its states, holding a term only when asked to", () => {
    // a note about its record (a refused request, a rejected vendor) reads that record's status: every state's
    // wording keeps the terms a rule looks for out unless asked
    for (const s of packSources) {
      const vocab = VOCAB[s.domains?.[0] ?? 'Legal'];
      for (const m of s.fields) {
        if (m.kind !== 'text' || !m.ofRecord) continue;
        const terms = m.terms.map((t) => t.toLowerCase());
        for (const e of s.fields) {
          if (e.kind !== 'enum') continue;
          for (const [k, v] of e.values.entries()) {
            const rec = { [e.field]: v };
            const rng = createRng(`state-${s.name}`, e.field, k);
            const plain = m.write(rng, undefined, vocab, rec).toLowerCase();
            for (const t of terms) assert.ok(!plain.includes(t), `${s.name}.${m.field} (${v}) wrote "${t}": ${plain}`);
            const term = m.terms[k % m.terms.length] as string;
            const asked = m.write(rng, term, vocab, rec).toLowerCase();
            assert.ok(asked.includes(term.toLowerCase()), `${s.name}.${m.field} (${v}) left out "${term}": ${asked}`);
          }
        }
      }
    }
  });

  it('compile tasks on every record type that pass the full gate', async () => {
    const failures: string[] = [];
    for (const [k, src] of packSources.entries()) {
      const domain = src.domains?.[0] ?? 'Legal';
      const only = { ...PARTS, sources: [src as SourcePart<string>] };
      for (const [j, difficulty] of DIFFICULTIES.entries()) {
        const seed = k * 7 + j;
        const recipe = chooseRecipe(createRng('pack-recipe', seed), { domain, difficulty }, only);
        const w = makeWorld(createRng('pack-world', seed), domain, difficulty, '2026-03-10T09:00:00Z');
        const raw = compileRecipe({
          id: `pack_${src.name}_${difficulty}`,
          w,
          recipe,
          scenario: `${domain}/${SCENARIOS[domain][0]}`,
          lead: src.capabilities[0] ?? 'Tool_Calling',
          parts: only,
        });
        // a name goes into CSV and HTML deliverables verbatim: no character either format escapes
        const rows = (raw.fixtures?.[src.service] as Record<string, Record<string, unknown>[]>)?.[src.collection ?? ''];
        for (const rec of rows ?? []) {
          const name = String(rec[src.nameField.field]);
          if (/["&<>]/.test(name)) failures.push(`${src.name}: the name ${name} would be escaped in a deliverable`);
          // a request asks for what the check accepts: a linked record's id is called an id, not its name
          if (/_id$/.test(src.nameField.field) && !/\b(id|number)$/.test(src.nameField.label))
            failures.push(`${src.name}: the ${src.nameField.label} of a record is the id ${name}`);
          // a state holds only on its side of the date (no appointment attended next week)
          const t = src.tense;
          if (t) {
            const ahead = aheadOf(t, String(rec[t.date]), '2026-03-10T09:00:00Z');
            if ((ahead ? t.past : t.ahead).includes(String(rec[t.state])))
              failures.push(`${src.name}: ${rec[t.state]} on ${rec[t.date]}`);
          }
        }
        const report = await runGate({ raw });
        if (!report.ok)
          failures.push(
            `${src.name} ${difficulty} (${recipe.action?.name ?? '-'} + ${recipe.aggregate?.name ?? '-'}): ${JSON.stringify(report.diagnostics.filter((d) => d.severity !== 'warning').slice(0, 2))}`,
          );
      }
    }
    assert.deepEqual(failures, []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { drawRule } from '../rules/draw.js';
import { atomsOf } from '../rules/rule.js';
import { directory } from './joins.js';
import { actNamed } from './policy-acts.js';
import { ACTS } from './policy-acts.js';
import { policyDoc } from './policy-doc.js';
import { narrated } from './purpose-scope.js';
import { actRule } from './testing.js';
import { PARTS } from './registry.js';
import { REVIEW_PURPOSES } from './review-purposes-data.js';
import { ownPurposeFits } from './review-purpose.js';
import { makeWorld } from './world.js';

const TODAY = '2026-06-17T09:00:00Z';

// the definitions block of a document or a mail
const defsOf = (text: string): string[] =>
  (text.match(/(?:## Definitions|the terms:|the same way:)\n((?:- [^\n]*\n?)+)/)?.[1] ?? '')
    .split('\n')
    .filter(Boolean);

describe('policy documents', () => {
  it('define only what the rules they show read, in the words those rules use', () => {
    for (const src of PARTS.sources)
      for (let k = 0; k < 6; k++) {
        const w = makeWorld(createRng('policy-doc-test', src.name, k), 'Legal', 'hard', TODAY);
        const rule = drawRule(src.fields, w.rng, 'hard');
        const mail = k % 2 === 0;
        const doc = policyDoc(rule, src, w, 'Rules', 'Review', [], mail ? w.staff[0] : undefined);
        const defs = defsOf(doc.text);
        const rest = doc.text.replace(defs.join('\n'), '');
        for (const line of defs) {
          // a limit "includes itself" only beside a line that words it so
          for (const said of line.match(/"or (?:more|less|fewer)"/g) ?? [])
            assert.ok(rest.includes(said.slice(1, -1)), `${src.name}: ${line}`);
          if (line.includes('"In the next N days"')) assert.ok(rest.includes('in the next'), `${src.name}: ${line}`);
        }
        if (!mail) continue;
        // a mail carries one section: none of its definitions is about a field that section leaves alone
        const used = src.fields.filter((m) => atomsOf(rule).some((a) => a.field === m.field));
        for (const m of src.fields) {
          if (used.includes(m) || used.some((u) => u.label.includes(m.label) || m.label.includes(u.label))) continue;
          const named = m.kind === 'flag' ? `"${m.yes}"` : `the ${m.label} `;
          for (const line of defs) assert.ok(!line.toLowerCase().includes(named.toLowerCase()), `${src.name}: ${line}`);
        }
      }
  });

  it('lead a list that leaves out what the note above it states with "Of those," (review 49)', () => {
    const NOTE = /takes only the|confined to the|covers just the|narrowed further|takes only the ones/;
    let of = 0;
    for (const src of PARTS.sources)
      for (let k = 0; k < 6; k++) {
        const w = makeWorld(createRng('policy-doc-of-those', src.name, k), 'Legal', 'hard', TODAY);
        const doc = policyDoc(drawRule(src.fields, w.rng, 'hard'), src, w, 'Rules', 'Review');
        for (const section of doc.text.split('\n## ').slice(1)) {
          const at = section.indexOf('\nOf those, ');
          if (at < 0) continue;
          of++;
          // the records "those" are: a note narrowed the section just before its list
          assert.match(section.slice(0, at), NOTE, section);
        }
      }
    assert.ok(of > 0, 'no list follows a narrowing note');
  });

  it('give a review or audit sample its record type’s purpose where the rule tests what it speaks of, never a stock line', () => {
    // (a record type whose own work includes a review gives that work's reason)
    for (const src of PARTS.sources.filter((s) => !actNamed(s.name, 'Audit sample'))) {
      const [review, audit] = REVIEW_PURPOSES[src.name] ?? [];
      assert.ok(review && audit, src.name);
      for (const s of [review, audit])
        assert.doesNotMatch(s, /second look|looks at them first|regular look|on a schedule|next round/, s);
      const w = makeWorld(createRng('policy-doc-review', src.name), 'Legal', 'medium', TODAY);
      const rule = drawRule(src.fields, w.rng, 'medium');
      const doc = policyDoc(rule, src, w, 'Rules', 'Audit sample');
      assert.equal(doc.text.includes(audit), ownPurposeFits(src.name, 'Audit sample', rule, src.fields), src.name);
      assert.doesNotMatch(
        doc.text,
        /draws its quarterly sample from records like these|go straight to records like these/,
      );
    }
  });

  it('open every review and audit sample with a reason, never straight on its criteria', () => {
    for (const src of PARTS.sources)
      for (const section of ['Review', 'Audit sample'])
        for (let k = 0; k < 4; k++) {
          const w = makeWorld(createRng('policy-doc-bare', src.name, section, k), 'Legal', 'hard', TODAY);
          const doc = policyDoc(drawRule(src.fields, w.rng, 'hard'), src, w, 'Rules', section);
          const body = doc.text.split(`## ${section}\n`)[1] ?? '';
          assert.doesNotMatch(body.split('\n')[0] ?? '', /^(An? .* (falls under|qualifies for) |Apply )/, src.name);
          assert.doesNotMatch(doc.text, /furthest back/, src.name);
        }
  });
});

describe('a policy document’s purpose line', () => {
  it('speaks of its own record type’s work, not of work the service does elsewhere', () => {
    // what a sentence written for a sibling record type claims (review 21: a work-order policy about CAPAs)
    const foreign: Readonly<Record<string, RegExp>> = {
      work_orders: /CAPA/,
      data_subject_requests: /Third parties|access rights/,
      security_findings: /Third parties|access rights/,
      incidents: /bad merge|change nobody looked at/,
      claims: /appointment book|referral queue/,
      vaccinations: /appointment book|referral queue/,
      courses: /Extensions|special consideration/,
      enrolments: /Extensions|special consideration/,
    };
    for (const [name, bad] of Object.entries(foreign)) {
      const src = PARTS.sources.find((x) => x.name === name);
      assert.ok(src, name);
      for (let k = 0; k < 12; k++) {
        const w = makeWorld(createRng('purpose-line', name, k), 'Legal', 'medium', TODAY);
        const doc = policyDoc(drawRule(src.fields, w.rng, 'medium'), src, w, 'Rules', 'Review');
        assert.doesNotMatch(doc.text.split('\n').slice(0, 4).join(' '), bad, `${name}: ${doc.text.slice(0, 300)}`);
      }
    }
  });
});

describe('a definition of a figure that never changes', () => {
  it('says how it is counted, never that it is read "today" (an executed trade\'s size)', () => {
    const trades = PARTS.sources.find((s) => s.name === 'trades');
    assert.ok(trades?.fixed?.includes('quantity'));
    if (!trades) return;
    let seen = 0;
    for (let k = 0; k < 60; k++) {
      const w = makeWorld(createRng('fixed-defs', k), 'Finance_Investment', 'hard', TODAY);
      const rule = drawRule(trades.fields, w.rng, 'hard');
      if (!atomsOf(rule).some((a) => a.field === 'quantity')) continue;
      const defs = defsOf(policyDoc(rule, trades, w, 'Rules', 'Review', []).text);
      for (const line of defs.filter((l) => /\bshares\b/i.test(l))) {
        seen++;
        assert.doesNotMatch(line, /today/, line);
      }
    }
    assert.ok(seen > 0, 'a rule on trade size defines how shares are counted');
  });
});

describe('the company directory', () => {
  it('lists the owners of a record type in the teams that own such records', () => {
    const teams: Record<string, readonly string[]> = {
      jobs: ['Engineering', 'IT'],
      customers: ['Sales', 'Customer Success'],
    };
    for (const src of PARTS.sources.filter((s) => s.name in teams))
      for (let k = 0; k < 10; k++) {
        const w = makeWorld(createRng('directory-test', src.name, k), 'Automation_Platform', 'medium', TODAY);
        const records = Array.from({ length: 8 }, (_, i) => ({ [src.idField]: `R-${i}` }));
        const { fixtures } = directory.attach(records, src, w);
        const contacts = (fixtures.contacts as { contacts: { department: string }[] }).contacts;
        assert.ok(contacts.length > 0);
        for (const c of contacts) assert.ok(teams[src.name]?.includes(c.department), `${src.name}: ${c.department}`);
      }
  });
});

// review 44: what a partner's mail is about is read from its text; goods with parts missing read as a delivery to one
// reader and a complaint to another, so a rule on the matter comes with how the desk tells them apart
describe('a field read from free text (enum means)', () => {
  it('is defined wherever a rule reads it, in a document and in a colleague’s mail', () => {
    const src = PARTS.sources.find((x) => x.name === 'partner_mails');
    assert.ok(src);
    for (let k = 0; k < 6; k++) {
      const w = makeWorld(createRng('means', k), 'Office_Productivity', 'easy', TODAY);
      const rule = { all: [{ kind: 'in' as const, field: 'topic', values: ['complaint', 'invoice'] }] };
      const doc = policyDoc(rule, src, w, 'Rules', 'Review', [], k % 2 ? w.staff[0] : undefined);
      assert.ok(
        defsOf(doc.text).some((l) => /parts missing are a complaint/.test(l)),
        doc.text,
      );
    }
  });

  it('never narrows a section to the one condition its list states again (review 60: "covers just the November entries … when: the exam series is November")', () => {
    let tried = 0;
    for (const src of PARTS.sources)
      for (const act of ACTS[src.name] ?? []) {
        if (!act.lean) continue;
        const w = makeWorld(createRng('narrowed-whole', src.name, act.sections[0] ?? ''), 'Legal', 'hard', TODAY);
        const drawn = actRule(src, act, w.rng);
        const one = narrated(drawn, act.lean)[0];
        if (!one) continue;
        tried++;
        const heading = act.sections[0] as string;
        const doc = policyDoc({ all: [one] }, src, w, 'Rules', heading);
        // (its own section: the others the document shows keep their own narrowings)
        const own = doc.text.split(/\n(?=## )/).find((b) => b.startsWith(`## ${heading}\n`)) ?? '';
        assert.ok(own, `${src.name}: no "${heading}" section in ${doc.text}`);
        assert.doesNotMatch(own, /takes only the|covers just the|work is confined to the/, `${src.name}: ${own}`);
      }
    assert.ok(tried >= 10, `${tried} sections narrowed`);
  });
});

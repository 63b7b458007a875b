import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { BOOKS_CLOSE, MOTIVES } from './occasions-data.js';
import { actNamed } from './policy-acts.js';
import { WORK_MOTIVES } from './work-motives-data.js';
import { nearMiss, stories } from './occasion-stories.js';
import { NEAR_MISSES } from './near-misses-data.js';
import { ACTS } from './policy-acts.js';
import { occasion } from './occasions.js';
import { PARTS } from './registry.js';
import { teamOf } from './team-calendar.js';
import { DEADLINES, EVENTS } from './team-calendar-data.js';
import { makeWorld } from './world.js';

// every team date any record type's table names: a line for one record type must name only its own
const ALL = [...new Set([...Object.values(EVENTS), ...Object.values(DEADLINES)].flat())];

describe("a reason for asking is the record type's team's own", () => {
  it('every record type has its own meetings, and a line names no other team’s', () => {
    for (const src of PARTS.sources) {
      const own = new Set([...(EVENTS[src.name] ?? []), ...(DEADLINES[src.name] ?? [])]);
      assert.ok(EVENTS[src.name]?.length, `${src.name} has no meetings of its own`);
      const facts = { service: src.service, name: src.name, owned: true, place: 'system' as const, where: 'x' };
      for (let k = 0; k < 60; k++) {
        const w = makeWorld(createRng('occasions-test', k), 'Office_Productivity', 'medium', '2026-06-17T09:00:00Z');
        const line = occasion(w, src.noun[1], w.rng, undefined, facts).text.toLowerCase();
        // the record type's own reasons (MOTIVES) may name a date of its own in their own words
        const mine = [...own, ...(MOTIVES[src.name] ?? [])].join(' | ').toLowerCase();
        for (const e of ALL)
          if (!own.has(e) && line.includes(e.toLowerCase()))
            assert.ok(mine.includes(e.toLowerCase()), `${src.name}: "${line}" names ${e}`);
      }
    }
  });

  // review 36: "wants the "Audit sample" list for the sales review and I'd like the orders settled before then",
  // "The access reviews review is on Wednesday"
  it('says "before then" only after a day it names, and the records\' noun once', () => {
    const DAY = /\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|tomorrow)\b/;
    let then = 0;
    for (const src of PARTS.sources) {
      const section = ACTS[src.name]?.[0]?.sections[0];
      const facts = { service: src.service, name: src.name, owned: true, place: 'system' as const, where: 'x' };
      for (let k = 0; k < 40; k++) {
        const w = makeWorld(createRng('occasions-then', src.name, k), 'Legal', 'medium', '2026-06-17T09:00:00Z');
        const f = k % 2 && section ? { ...facts, section } : facts;
        for (const plural of [src.noun[1], 'access reviews']) {
          const line = occasion(w, plural, w.rng, undefined, f).text;
          const at = line.search(/\b(?:before|by) then\b/);
          if (at >= 0) {
            then++;
            assert.match(line.slice(0, at), DAY, line);
          }
          if (plural === 'access reviews') assert.doesNotMatch(line, /access reviews review/i, line);
        }
      }
    }
    assert.ok(then > 100, `${then} lines say "then"`);
  });

  it('a period end is a reason only for work that closes with the books, and says what it means for them', () => {
    // (the last days of a quarter's last month and the first days of a month, when every calendar line holds)
    for (const today of ['2026-06-26T09:00:00Z', '2026-07-02T09:00:00Z', '2026-12-18T09:00:00Z'])
      for (const src of PARTS.sources) {
        const facts = { service: src.service, name: src.name, owned: true, place: 'system' as const, where: 'x' };
        for (let k = 0; k < 30; k++) {
          const w = makeWorld(createRng('occasions-books', src.name, today, k), 'Legal', 'medium', today);
          const line = occasion(w, src.noun[1], w.rng, undefined, facts).text;
          if (!BOOKS_CLOSE.has(src.name))
            assert.doesNotMatch(
              line,
              /month is nearly over|end of the month is close|new month has|quarter end|year-end is|still need closing/i,
              `${src.name}: ${line}`,
            );
          // (no bare date dropped between two asks, nor a stock line any request could open with)
          assert.doesNotMatch(
            line,
            /^(The month is nearly over|The end of the month is close|Quarter end is close|Year-end is coming|The new month has just started)\.?$|slipped again|keep getting questions|People keep asking|, the colleague,/,
            line,
          );
        }
      }
  });

  it('an opening story says what went wrong, never a stock line any records could be told with', () => {
    for (const src of PARTS.sources)
      for (const owned of [true, false])
        for (let k = 0; k < 10; k++) {
          const facts = { service: src.service, name: src.name, owned, place: 'system' as const, where: 'x' };
          for (const line of stories(src.noun[1], facts, createRng('stories-stock', src.name, k)))
            assert.doesNotMatch(
              line,
              /poor shape|the hard way|did not look good|came out badly|turned up problems/,
              line,
            );
        }
  });

  it('a part the task already gave someone is never given another colleague', () => {
    let named = 0;
    for (const src of PARTS.sources.slice(0, 20)) {
      const facts = { service: src.service, name: src.name, owned: true, place: 'system' as const, where: 'x' };
      for (let k = 0; k < 20; k++) {
        const w = makeWorld(createRng('occasions-roles', k), 'Office_Productivity', 'medium', '2026-06-17T09:00:00Z');
        // the policy's sign-off line gave every part to one colleague (compile/figure-route.ts)
        const holder = w.staff[5] as (typeof w.staff)[number];
        for (const r of teamOf(src).leads) w.roles?.set(r, holder);
        const line = occasion(w, src.noun[1], w.rng, undefined, facts).text;
        for (const r of teamOf(src).leads)
          if (new RegExp(`\\b(?:our|the) ${r}\\b`).test(line)) {
            named++;
            assert.ok(line.includes(holder.first), `${src.name}: "${line}" gives the ${r} to another`);
          }
      }
    }
    assert.ok(named > 0);
  });

  it('a colleague is never introduced by the part each record names its own holder for', () => {
    for (const src of PARTS.sources) {
      const { leads } = teamOf(src);
      assert.ok(leads.length > 0);
      if (src.ownerRole) assert.ok(!leads.includes(src.ownerRole), `${src.name}: ${src.ownerRole}`);
      for (const r of leads) assert.ok(!/\bteam$/.test(r), `${src.name}: ${r}`);
    }
  });

  it('a law firm diarises, a farm walks its fields: no stand-up outside teams that hold one', () => {
    const facts = { service: 'matters', name: 'court_deadlines', owned: true, place: 'system' as const, where: 'x' };
    for (let k = 0; k < 200; k++) {
      const w = makeWorld(createRng('occasions-standup', k), 'Legal', 'medium', '2026-06-17T09:00:00Z');
      assert.ok(!/stand-up/.test(occasion(w, 'court deadlines', w.rng, undefined, facts).text));
    }
  });
});

describe('a short story about the records', () => {
  const facts = { service: 'workspace', name: 'exam_seats', owned: true, place: 'picture' as const, where: 'x' };
  it('says overdue only of records with a due date', () => {
    for (let k = 0; k < 40; k++) {
      const lines = stories('seats', facts, createRng('stories', k)).join(' ');
      assert.ok(!/overdue|due date|dealt with already/.test(lines), lines);
      // (records with a due date may be told as overdue: a story of its own beside the near miss)
      const due = stories('tasks', { ...facts, due: true }, createRng('stories', k)).join(' ');
      assert.match(due, /overdue|due date|dealt with already/, due);
    }
  });

  it('names the round the records are picked for, never another', () => {
    for (let k = 0; k < 40; k++) {
      const lines = stories('seats', facts, createRng('stories', k), 'Spot check');
      for (const l of lines) if (/round|pass over|pass never/.test(l)) assert.ok(l.includes('"Spot check"'), l);
      assert.ok(!lines.some((l) => /clean-up|tidied/.test(l)), lines.join(' | '));
    }
  });

  it('says a round left the records out only where the section covers other record types too', () => {
    const wider = /left out of the last|never got as far as/;
    let seen = 0;
    for (let k = 0; k < 80; k++) {
      const one = stories('seats', facts, createRng('stories', k), 'Spot check');
      assert.ok(!one.some((l) => wider.test(l)), one.join(' | '));
      if (stories('seats', facts, createRng('stories', k), 'Spot check', 2).some((l) => wider.test(l))) seen++;
    }
    assert.ok(seen > 0);
  });
});

describe('the day a reason names', () => {
  // Wednesday 17 June 2026: three or four working days out is Monday 22 or Tuesday 23 June, after a to-do due in
  // two (Friday 19 June) and a review slot on the next (Thursday 18 June)
  it('comes after what the request asks to be done by', () => {
    const facts = { service: 'todo', name: 'field_plots', owned: true, place: 'system' as const, where: 'x' };
    const seen = new Set<string>();
    for (let k = 0; k < 200; k++) {
      const w = makeWorld(createRng('occasions-day', k), 'Office_Productivity', 'medium', '2026-06-17T09:00:00Z');
      const line = occasion(w, 'field plots', w.rng, undefined, facts).text;
      for (const d of line.match(/\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/g) ?? [])
        seen.add(d);
    }
    assert.ok(seen.size > 0);
    for (const d of seen) assert.ok(['Monday', 'Tuesday'].includes(d), `${[...seen]}`);
  });

  it("a piece of work's own reasons fit it: no sprayer booked for a watering round", () => {
    const base = { service: 'todo', name: 'field_plots', owned: true, place: 'system' as const, where: 'x' };
    for (const [work, never] of [
      ['Irrigation', /sprayer|rain is forecast/i],
      ['Spraying', /pump|water allocation/i],
      // under the act's other heading too
      ['Watering', /sprayer|rain is forecast/i],
    ] as const) {
      for (let k = 0; k < 120; k++) {
        const w = makeWorld(createRng('occasions-work', k), 'Office_Productivity', 'medium', '2026-06-17T09:00:00Z');
        const line = occasion(w, 'field plots', w.rng, undefined, { ...base, work }).text;
        assert.ok(!never.test(line), `${work}: ${line}`);
      }
    }
  });

  it('an exported edit gets its cover for its delivery, never for a client review of the cut', () => {
    const base = { service: 'studio', name: 'video_edits', owned: true, place: 'system' as const, where: 'x' };
    for (const work of ['Cover images', 'Cover stills', 'Delivery check']) {
      for (let k = 0; k < 120; k++) {
        const w = makeWorld(createRng('occasions-cover', k), 'Content_Media', 'medium', '2026-06-17T09:00:00Z');
        const line = occasion(w, 'video edits', w.rng, undefined, { ...base, work }).text;
        assert.ok(!/client review|edit suites/i.test(line), `${work}: ${line}`);
      }
    }
  });

  it('an audit sample of orders is not the debtor list: collection reasons belong to the collection work', () => {
    const facts = {
      service: 'workspace',
      name: 'order_screenshot',
      owned: true,
      place: 'picture' as const,
      where: 'x',
    };
    let chased = 0;
    for (let k = 0; k < 60; k++) {
      const w = makeWorld(createRng('occasions-orders', k), 'Finance_Investment', 'easy', '2026-06-17T09:00:00Z');
      const audit = occasion(w, 'orders', w.rng, undefined, { ...facts, work: 'Audit sample' }).text;
      assert.doesNotMatch(audit, /debtor list/, audit);
      const w2 = makeWorld(createRng('occasions-orders', k), 'Finance_Investment', 'easy', '2026-06-17T09:00:00Z');
      if (
        /debtor list|cash collection/.test(
          occasion(w2, 'orders', w2.rng, undefined, { ...facts, work: 'Escalation' }).text,
        )
      )
        chased++;
    }
    assert.ok(chased > 0);
  });

  it("a work's own reasons are filed under an act of its record type, which still has reasons of its own", () => {
    for (const [src, byWork] of Object.entries(WORK_MOTIVES)) {
      assert.ok(MOTIVES[src]?.length, `${src} has no reasons that fit all its work`);
      for (const heading of Object.keys(byWork)) assert.ok(actNamed(src, heading), `${src}: no act "${heading}"`);
    }
  });

  it('a complaint story says what the complaint was, and no household hears one from a traveller', () => {
    for (let k = 0; k < 40; k++) {
      const rng = createRng('complaints', k);
      const crm = { service: 'crm', name: 'customers', owned: true, place: 'system' as const, where: 'x' };
      for (const line of stories('customer accounts', crm, rng))
        assert.doesNotMatch(line, /complaint about the customer accounts/, line);
      const home = { service: 'travel', name: 'household_bills', owned: true, place: 'system' as const, where: 'x' };
      for (const line of stories('household bills', home, rng)) assert.doesNotMatch(line, /complain/i, line);
      // a reader's complaint is about what ran: the work may be a licence check, not an answer to the reader
      const cms = { service: 'cms', name: 'media_assets', owned: true, place: 'system' as const, where: 'x' };
      for (const line of stories('media assets', cms, rng)) assert.doesNotMatch(line, /days to answer/, line);
    }
  });

  it('tells of an error found in one record only before a round that checks the rest', () => {
    const owned = {
      service: 'bi',
      name: 'dashboards',
      owned: true,
      place: 'picture' as const,
      where: 'x',
      ownerRole: 'dashboard owner',
    };
    const error = /found an error|spotted a problem|found something wrong/;
    for (let k = 0; k < 40; k++) {
      const archive = stories('dashboards', owned, createRng('stories-error', k), 'Archive');
      assert.ok(!archive.some((l) => error.test(l)), archive.join(' | '));
      const review = stories(
        'dashboards',
        { ...owned, acts: true },
        createRng('stories-error', k),
        'Compliance review',
      );
      assert.ok(
        review.some((l) => error.test(l)),
        review.join(' | '),
      );
      // a review that only lists them puts nothing right: no error story leads into it (review 30, 9 tasks)
      const read = stories('dashboards', owned, createRng('stories-error', k), 'Compliance review');
      assert.ok(!read.some((l) => error.test(l)), read.join(' | '));
    }
  });
});

describe('a near miss', () => {
  it('every record type has its own, with the day and the colleague who caught it', () => {
    const lines = new Set<string>();
    for (const src of PARTS.sources) {
      const facts = { service: src.service, name: src.name, owned: true, place: 'system' as const, where: 'x' };
      for (let k = 0; k < 6; k++) {
        const line = nearMiss(src.name, createRng('near', src.name, k), 'Ana');
        assert.ok(line, src.name);
        assert.match(line, /\b[Ll]ast (?:Monday|Tuesday|Wednesday|Thursday|Friday)\b/, line);
        assert.doesNotMatch(line, /[{}]|nearly slipped through/, line);
        lines.add(line.replace(/last \w+day/, 'D').replace(/Ana/g, 'W'));
        assert.ok(stories(src.noun[1], facts, createRng('near', src.name, k), undefined, 1, 'Ana').length >= 2);
      }
    }
    // no one story opens requests about every kind of record
    assert.ok(lines.size >= PARTS.sources.length * 2 - 4, String(lines.size));
  });

  // a near miss is a reason for the work that would have caught it, never for other work on the same records ("a
  // social post had the wrong date, so stop the boost on …")
  it('is told only before the work it is a reason for, named by a heading of an act on its record type', () => {
    for (const [name, lines] of Object.entries(NEAR_MISSES)) {
      const heads = new Set((ACTS[name] ?? []).flatMap((a) => a.sections));
      for (const [line, ...works] of lines) {
        assert.ok(works.length, line);
        for (const h of works) assert.ok(heads.has(h), `${name}: ${h}`);
      }
      for (const act of ACTS[name] ?? [])
        for (const work of act.sections)
          for (let k = 0; k < 8; k++) {
            const told = nearMiss(name, createRng('near-work', name, work, k), 'Ana', work);
            if (told === undefined) continue;
            // (the line it was told from: every piece of it between the placeholders)
            const line = lines.find(([l]) => l.split(/\{\w+\}/).every((bit) => told.includes(bit)));
            assert.ok(line, told);
            assert.ok(
              line.slice(1).some((h) => act.sections.includes(h)),
              `${name} ${work}: ${told}`,
            );
          }
    }
    // a work no story of its record type is a reason for gets none
    assert.equal(nearMiss('products', createRng('near-none'), 'Ana', 'Follow-up'), undefined);
  });
});

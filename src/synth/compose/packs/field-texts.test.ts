import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { VOCAB } from '../../kit/domains/index.js';
import type { TextModel } from '../../rules/fields.js';
import type { SourcePart } from '../parts.js';
import { customers } from '../sources/records.js';
import { agentSkills } from './automation-platform.js';
import { fxExposures, positions, researchNotes } from './finance-investment.js';
import { SECURITIES, THESIS_TERMS } from './finance-investment-data.js';
import { makeWorld } from '../world.js';
import { receptionNote } from './healthcare-notes.js';
import { contracts } from './legal.js';
import { roomBookings } from './office-productivity.js';
import { perDiemClaims, travelBookings } from './travel-lifestyle.js';

// a record's free text agrees with its own fields: a read-only skill never "sends email", an exit position is never
// a "core holding", an exposure hedged at 0% names no counterparty

const textOf = (src: SourcePart, field: string) => src.fields.find((m) => m.field === field) as TextModel;
const vocab = VOCAB.Finance_Investment;

describe('texts written for their records', () => {
  it('a skill says it does only what its permission level grants', () => {
    const m = textOf(agentSkills, 'description');
    assert.ok(m.ofRecord, 'the description is written for its record');
    for (let i = 0; i < 200; i++) {
      const rng = createRng('skill-text', i);
      const text = m.write(rng, 'sends email', vocab, { permission_level: 'read-only' }).toLowerCase();
      assert.ok(text.includes('sends email'), text);
      assert.ok(!/\b(it|also) sends email|note: sends email/.test(text), text);
      assert.ok(!text.includes('current user'), text);
      const granted = m.write(rng, 'sends email', vocab, { permission_level: 'send on behalf' }).toLowerCase();
      assert.ok(!/not grant|blocked/.test(granted), granted);
    }
  });

  it('a skill whose description names a term its level refuses is raised to a level granting it', () => {
    const w = makeWorld(createRng('skill-agree'), 'Automation_Platform', 'medium', '2026-06-17T09:00:00Z');
    const blocked = {
      permission_level: 'read-only',
      description: 'Asks for "stores credentials"; blocked at read-only.',
    };
    const changes = agentSkills.agree?.(blocked, w) ?? [];
    assert.ok(changes.length > 0, 'a read-only skill "blocked" from storing credentials is made to agree');
    for (const c of changes) assert.notEqual(c.permission_level, 'read-only');
    const m = textOf(agentSkills, 'description');
    for (const c of changes) {
      const text = m.write(createRng('raised', String(c.permission_level)), 'stores credentials', vocab, c);
      assert.doesNotMatch(text, /blocked|not grant/, text);
    }
    const granted = { permission_level: 'admin', description: 'It stores credentials.' };
    assert.deepEqual(agentSkills.agree?.(granted, w), []);
    assert.deepEqual(agentSkills.agree?.({ permission_level: 'read-only', description: 'It browses the web.' }, w), []);
  });

  it('a research note quotes the forward P/E its company’s sector trades at: no oil major at 30x', () => {
    const m = textOf(researchNotes, 'summary');
    assert.ok(m.ofRecord, 'the summary is written for its note');
    const bands: Record<string, [number, number]> = { XOM: [7, 12], PFE: [11, 17], MSFT: [24, 35] };
    for (let i = 0; i < 300; i++)
      for (const [ticker, [lo, hi]] of Object.entries(bands)) {
        const text = m.write(createRng('pe', ticker, i), undefined, vocab, { ticker });
        const pe = Number(/trade at (\d+)x/.exec(text)?.[1] ?? lo);
        assert.ok(pe >= lo && pe <= hi, `${ticker}: ${text}`);
      }
  });

  it('a position’s thesis fits its stance', () => {
    const m = textOf(positions, 'thesis');
    assert.ok(m.ofRecord);
    for (let i = 0; i < 200; i++) {
      const rng = createRng('thesis-text', i);
      for (const status of ['exit', 'trim', 'on watch']) {
        const text = m.write(rng, 'buyback', vocab, { status }).toLowerCase();
        assert.ok(!/core holding|consensus too cautious/.test(text), `${status}: ${text}`);
      }
      const exit = m.write(rng, undefined, vocab, { status: 'exit' }).toLowerCase();
      assert.ok(!/half weight|full weight/.test(exit), exit);
    }
  });

  it('a thesis says its term in a sentence, and what else it says fits what is held', () => {
    const m = textOf(positions, 'thesis');
    for (let i = 0; i < 200; i++) {
      const rng = createRng('thesis-kind', i);
      const term = rng.pick(THESIS_TERMS);
      const text = m.write(rng, term, vocab, { status: 'hold', asset_class: 'equity', sector: 'Energy' });
      assert.ok(text.toLowerCase().includes(term), text);
      assert.doesNotMatch(text, /rests on (?:activist|buyback|guidance|dividend cut|regulatory risk)\b/, text);
      const bonds = m.write(rng, undefined, vocab, { status: 'hold', asset_class: 'ETF', sector: 'Fixed Income' });
      assert.doesNotMatch(bonds, /management|earnings|volumes/i, bonds);
    }
  });

  it('a bond fund is in Fixed Income, and a position holds a security its thesis can rest on', () => {
    for (const [ticker, name, , sector] of SECURITIES)
      if (/Treasury|Bond/.test(name)) assert.equal(sector, 'Fixed Income', ticker);
    for (let i = 0; i < 60; i++) {
      const w = makeWorld(createRng('thesis-settle', i), 'Finance_Investment', 'medium', '2026-06-17T09:00:00Z');
      for (let k = 0; k < 12; k++) {
        const rec = positions.make(w, `POS-${1000 + k}`, k);
        rec.thesis = `Guidance is the swing factor. Key risk: a dividend cut.`;
        positions.settle?.(rec, w);
        assert.equal(rec.asset_class === 'ETF', false, `${rec.ticker} (${rec.security_name}): ${rec.thesis}`);
      }
    }
  });

  it('a booking note speaks of fares and a PNR only for a ticket', () => {
    const m = textOf(travelBookings, 'notes');
    assert.ok(m.ofRecord);
    for (let i = 0; i < 200; i++) {
      const text = m.write(createRng('fare-text', i), 'upgrade', vocab, { booking_type: 'hotel' });
      assert.doesNotMatch(text, /fare rules|PNR/, text);
    }
  });

  it('an unhedged exposure names no counterparty', () => {
    const m = textOf(fxExposures, 'notes');
    for (let i = 0; i < 200; i++) {
      const text = m.write(createRng('hedge-text', i), 'ISDA', vocab, { hedge_ratio_pct: 0 }).toLowerCase();
      assert.ok(!/counterparty|layered|marked daily/.test(text), text);
    }
  });

  it('a claim without receipts has no invoice attached, a catered booking is not water only, a patient who missed appointments is no first visit', () => {
    const claim = textOf(perDiemClaims, 'notes');
    const room = textOf(roomBookings, 'notes');
    for (let i = 0; i < 200; i++) {
      const rng = createRng('claim-room-text', i);
      const note = claim.write(rng, undefined, vocab, { receipts_attached: false }).toLowerCase();
      assert.ok(!note.includes('hotel invoice attached'), note);
      const setup = room.write(rng, undefined, vocab, { catering: 'working lunch' }).toLowerCase();
      assert.ok(!setup.includes('water and glasses only'), setup);
      const seen = receptionNote(rng, 2).toLowerCase();
      assert.ok(!seen.includes('first visit'), seen);
    }
  });

  it('a contract’s note names the law the contract is governed by, and no other', () => {
    const m = textOf(contracts, 'notes');
    assert.ok(m.ofRecord);
    let named = 0;
    for (let i = 0; i < 400; i++)
      for (const law of ['Germany', 'New York', 'England and Wales']) {
        const note = m.write(createRng('contract-law', i), undefined, vocab, {
          contract_type: 'NDA',
          governing_law: law,
        });
        const says = /governed by the law of ([^.;—]+)/i.exec(note)?.[1]?.trim();
        if (says) named++;
        if (says) assert.equal(says, law, note);
      }
    assert.ok(named > 0, 'some notes name the governing law');
  });

  it('a customer account has signed: no account is a prospect, which has no contract end date or revenue', () => {
    const status = customers.fields.find((m) => m.field === 'status');
    assert.ok(status?.kind === 'enum');
    assert.ok(!status.values.includes('prospect'), status.values.join(', '));
    assert.ok(customers.fields.some((m) => m.field === 'contract_end_date'));
  });
});

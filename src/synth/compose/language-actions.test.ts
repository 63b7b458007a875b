import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { matchValue } from '../../grade/match.js';
import type { Matcher } from '../../schema/matchers.js';
import { triagePartnerMail } from './language-actions.js';
import type { ActionContext, Rec } from './parts.js';
import { HOUSE_TERM } from './sources/multilingual-english.js';
import { partnerMails } from './sources/multilingual.js';
import { makeWorld } from './world.js';

// a partner's message triaged into the to-do list is named in English by what it is about, which only its text
// says: a to-do titled with another matter's term, or without the order number, fails

const w = makeWorld(createRng('language-actions'), 'Office_Productivity', 'medium', '2026-03-10T09:00:00Z');
const rec: Rec = { message_id: 'msg_1', ref: 'PO-23608', topic: 'delivery', units: 710, company: 'Nordlicht Logistik' };
const x: ActionContext = { rec, src: partnerMails, w, owner: undefined, tag: 'Large orders', slot: 0, slots: 1 };
const where = { ...triagePartnerMail.proof(x).where, ...triagePartnerMail.exact?.(x) };
const passes = (args: Rec) => Object.entries(where).every(([f, m]) => matchValue(m as Matcher, args[f]));

describe('partner mail triage', () => {
  it('files a high-priority to-do titled with the glossary term and the order number, the units described', () => {
    const args = triagePartnerMail.args(x);
    assert.ok(String(args.title).includes(HOUSE_TERM.delivery));
    assert.ok(passes(args));
    assert.ok(!passes({ ...args, title: `${HOUSE_TERM.invoice}: PO-23608` }), 'another matter');
    assert.ok(!passes({ ...args, title: HOUSE_TERM.delivery }), 'no order number');
    assert.ok(!passes({ ...args, priority: 'medium' }));
    assert.ok(!passes({ ...args, description: 'Nordlicht Logistik wrote.' }), 'no units');
    assert.ok(!passes({ ...args, description: 'Nordlicht Logistik wrote about 1710 units.' }), 'other units');
  });

  it('gives the glossary in the request, so the term is traced to it', () => {
    for (const p of triagePartnerMail.phrases)
      for (const term of Object.values(HOUSE_TERM)) assert.ok(p.includes(term));
  });
});

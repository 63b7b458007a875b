import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { termYears } from './contract-term.js';
import { clauseNote } from './legal-notes.js';

const TYPES = ['MSA', 'NDA', 'SaaS subscription', 'supply agreement', 'lease', 'licence', 'DPA', 'SOW'];
const WORD: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, five: 5, ten: 10 };

// every span a note names, in years: "break clause at year 5", "every five years", "every 24 months", "3-year"
function spans(note: string): number[] {
  const out: number[] = [];
  for (const m of note.matchAll(/at year (\d+)|every (\w+) years|every (\d+) months|(\w+)-year/gi)) {
    if (m[3]) out.push(Number(m[3]) / 12);
    else {
      const w = (m[1] ?? m[2] ?? m[4] ?? '').toLowerCase();
      out.push(Number(w) || (WORD[w] ?? 0));
    }
  }
  return out;
}

describe('contract notes', () => {
  it('name no review, break or confidentiality period beyond the contract’s own term', () => {
    const rng = createRng('contract-term', 1);
    let said = 0;
    for (let k = 0; k < 3000; k++) {
      const rec = { contract_id: `CTR-${1000 + k}`, contract_type: TYPES[k % TYPES.length] };
      const term = termYears(rec);
      const note = clauseNote(rng, undefined, undefined, rec);
      for (const y of spans(note)) {
        said++;
        assert.ok(y <= term, `${rec.contract_type} of ${term} years: ${note}`);
      }
    }
    assert.ok(said > 300, `${said} spans`);
  });

  it('give one contract one term, and leases longer ones than subscriptions', () => {
    const rec = { contract_id: 'CTR-4242', contract_type: 'lease' };
    assert.equal(termYears(rec), termYears({ ...rec }));
    const mean = (type: string) =>
      Array.from({ length: 200 }, (_, k) => termYears({ contract_id: `CTR-${k}`, contract_type: type })).reduce(
        (a, b) => a + b,
      ) / 200;
    assert.ok(mean('lease') > mean('SaaS subscription') + 2);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { docUnit, freshPick, mailRuleClause, sectionClause, situationClause } from './section-pointers.js';

// the ways a request points at the part of a document that picks its records: many, none of them a stock phrase

const POINTERS = [
  'the "Seat review procedure" page in our notes',
  'policies/bed-handling-rulebook.md on the shared drive',
  'our "Desk triage checklist" article in the knowledge base',
  'the "Booster review handbook" page on our intranet (https://intranet.example/policies/booster-review-handbook)',
];
const MAIL = 'the "Deactivation: which integrations" email in my inbox';

// the form of a clause: its wording with the varying parts taken out
const formOf = (s: string, pointer: string, words: string[]) =>
  words
    .reduce((x, w) => x.replaceAll(w, '…'), s.replaceAll(pointer, 'P'))
    .replace(/\b(?:rules|steps|checks)\b/, 'UNIT');

describe('section pointers', () => {
  it('name a part of the document as its kind has them: steps of a procedure, checks of a checklist, rules', () => {
    assert.equal(docUnit(POINTERS[0] as string), 'steps');
    assert.equal(docUnit(POINTERS[1] as string), 'rules');
    assert.equal(docUnit(POINTERS[2] as string), 'checks');
    assert.equal(docUnit(MAIL), 'rules');
  });

  it('come in at least twelve forms, none over a tenth of the requests that point at a document', () => {
    const rng = createRng('section-pointers-test');
    const forms = new Map<string, number>();
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const pointer = POINTERS[i % POINTERS.length] as string;
      const said =
        i % 3 === 0
          ? formOf(sectionClause('seats', pointer, 'Seat allocation', rng), pointer, ['seats', 'Seat allocation'])
          : i % 3 === 1
            ? formOf(situationClause('seats', pointer, 'seating the late entries', rng), pointer, [
                'seats',
                'seating the late entries',
              ])
            : formOf(mailRuleClause('seats', MAIL, 'Seat allocation', 'Dana', rng), MAIL, [
                'seats',
                'seat allocation',
                'Dana',
              ]);
      forms.set(said, (forms.get(said) ?? 0) + 1);
    }
    assert.ok(forms.size >= 12, [...forms.keys()].join('\n'));
    for (const [form, k] of forms) assert.ok(k / n <= 0.1, `${form}: ${k}`);
  });

  it('never use the stock phrases reviewers flagged', () => {
    const rng = createRng('section-pointers-stock');
    for (let i = 0; i < 500; i++) {
      const pointer = POINTERS[i % POINTERS.length] as string;
      for (const s of [
        sectionClause('beds', pointer, 'Bed allocation', rng),
        mailRuleClause('beds', MAIL, 'Bed allocation', 'Dana', rng),
        situationClause('beds', pointer, 'moving patients out of the bay', rng),
      ])
        assert.doesNotMatch(
          s,
          /picked out for|puts down for|would have us act on|when it comes to|going by the part of it that deals with/,
          s,
        );
    }
  });

  it('say the work as what a part of the document is about, never as the end a verb picks the records for', () => {
    const rng = createRng('section-pointers-situation');
    const situation = 'getting the rain guns onto plots before their next spray';
    for (let i = 0; i < 400; i++) {
      const pointer = POINTERS[i % POINTERS.length] as string;
      const s = situationClause('field plots', pointer, situation, rng);
      // review 36: "the beds that … lines up for turning round …", "the plots the rules … pick out for getting …"
      assert.doesNotMatch(
        s,
        /\b(?:lines up|picks? out|earmarks|marks out|sets aside|flags|singles out|puts forward|says to take on) for /,
        s,
      );
      assert.match(s, /\b(?:about|on|for|with) getting the rain guns onto plots before their next spray$/, s);
      assert.equal(s.split('field plots').length, 2, s);
    }
  });

  it("never say a verb the work around them says ('the checks flag' beside 'flag a postmortem')", () => {
    const rng = createRng('section-pointers-fresh');
    for (let i = 0; i < 300; i++) {
      const pointer = POINTERS[i % POINTERS.length] as string;
      const checklist = POINTERS[2] as string;
      const flagged = sectionClause('incidents', checklist, 'Postmortem', rng, 'flag a postmortem as required on each');
      assert.doesNotMatch(flagged, /\bflags?\b/, flagged);
      const covered = situationClause('seats', pointer, 'seating the late entries', rng, 'cover each one');
      assert.doesNotMatch(covered, /\bcover(?:s|ed)?\b/, covered);
      assert.equal(freshPick(rng, 'cover it', ['the seats it covers']), 'the seats it covers');
    }
  });
});

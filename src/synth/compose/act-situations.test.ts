import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { ACT_SITUATIONS } from './act-situations-data.js';
import { hasTwinHeading, situationFor, situationsOf } from './act-situations.js';
import { ACTS, REVIEW_SECTIONS } from './policy-acts.js';
import { CONCERNS } from './concerns.js';
import { PARTS } from './registry.js';
import { renderRequest } from './render.js';
import { makeWorld } from './world.js';

// words a heading shares with ordinary speech ('Due diligence', 'Sign-off', 'Did-not-attend follow-up')
const LIGHT = new Set(['the', 'and', 'for', 'from', 'with', 'due', 'off', 'not', 'did', 'set']);
const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
// a phrase word that says a heading word: the word itself, its plural or inflection ("reminder" → "reminders",
// "remind"), or one sharing its first five letters ("cancellation" → "cancelled")
const says = (word: string, heading: string) =>
  word === heading ||
  (word.startsWith(heading) && word.length - heading.length <= 2) ||
  (word.length >= 5 && heading.length >= 5 && word.slice(0, 5) === heading.slice(0, 5));

describe('a request may say the work instead of naming the section', () => {
  it('every listed record type has a situation for each of its acts, and every key is one of its headings', () => {
    for (const [src, table] of Object.entries(ACT_SITUATIONS)) {
      const acts = ACTS[src];
      assert.ok(acts, `${src} has no acts`);
      for (const a of acts)
        for (const h of a.sections) assert.ok(situationsOf(src, h).length, `${src}: no situation for "${h}"`);
      for (const key of Object.keys(table))
        assert.ok(acts.some((a) => a.sections.includes(key)) || REVIEW_SECTIONS.has(key), `${src}: "${key}"`);
    }
  });

  it("a situation says no word of any heading its record type's policy may carry, and no two acts share one", () => {
    const wrong: string[] = [];
    for (const [src, table] of Object.entries(ACT_SITUATIONS)) {
      const headings = [...(ACTS[src] ?? []).flatMap((a) => a.sections), ...Object.keys(table)];
      const headingWords = [...new Set(headings.flatMap(wordsOf))].filter((w) => w.length >= 3 && !LIGHT.has(w));
      const seen = new Set<string>();
      for (const phrases of Object.values(table))
        for (const p of phrases) {
          for (const word of wordsOf(p))
            for (const h of headingWords) if (says(word, h)) wrong.push(`${src}: "${p}" says "${h}" (${word})`);
          if (seen.has(p)) wrong.push(`${src}: "${p}" twice`);
          // a count of time the section's drawn window could contradict ("a week old" over a 10-day rule)
          if (/\b(?:(?:a|an|one|two|three|four|five|six|\d+)\s+(?:working\s+)?(?:days?|weeks?|months?))\b/.test(p))
            wrong.push(`${src}: "${p}" counts time`);
          seen.add(p);
        }
    }
    assert.deepEqual(wrong, []);
  });

  // review 36: "holding back PRs whose checks fail or flake" over a rule on failing checks alone, and "open for
  // ages" over a rule of two working days: an agent trusting the request takes in what the rule leaves out
  it('a situation names no category the act leaves out, and no long wait the act does not claim', () => {
    const stem = (w: string) =>
      w
        .toLowerCase()
        .replace(/(?:ing|ed|es|s)$/, '')
        .replace(/[ye]$/, '');
    const stems = (s: string) => wordsOf(s).map(stem);
    // a category's word said of something else: the install a vetting comes before, the planning team
    const ELSEWHERE = new Set(['agent_skills/installed', 'work_orders/planned']);
    const LONG = /\b(?:ages|forever|a long time|long while|months|years)\b/;
    const wrong: string[] = [];
    for (const [src, table] of Object.entries(ACT_SITUATIONS))
      for (const a of ACTS[src] ?? []) {
        const heading = a.sections.find((h) => h in table);
        const phrases = heading ? (table[heading] ?? []) : [];
        for (const [field, lean] of Object.entries(a.lean ?? {})) {
          const all = CONCERNS[src]?.[field];
          if (Array.isArray(lean) && Array.isArray(all))
            for (const v of all.filter((x) => !lean.includes(x) && !ELSEWHERE.has(`${src}/${x}`)))
              for (const p of phrases)
                if (stems(v).every((x) => stems(p).includes(x))) wrong.push(`${src}: "${p}" says ${v}`);
          // a wait said as long only where the act's own window on that date is a month or more
          const bound = a.bounds?.[field];
          if (lean === 'stale' && !(Array.isArray(bound) && (bound[0] as number) >= 30))
            for (const p of phrases) if (LONG.test(p)) wrong.push(`${src}: "${p}" says a long wait`);
        }
      }
    assert.deepEqual(wrong, []);
  });

  it('is drawn for part of the tasks whose work has one, the same for the same task', () => {
    let drawn = 0;
    for (let k = 0; k < 400; k++) {
      const s = situationFor('mails', 'Reply', [k, 'Reply', '2026-06-17']);
      if (s) drawn++;
      assert.equal(s, situationFor('mails', 'Reply', [k, 'Reply', '2026-06-17']));
    }
    assert.ok(drawn > 100 && drawn < 220, `${drawn} of 400`);
    assert.equal(situationFor('tickets', 'Escalation', [1]), undefined);
  });

  it('a request that says the situation points to the document and never quotes a heading', () => {
    const src = PARTS.sources.find((s) => s.name === 'mails');
    assert.ok(src);
    const situation = situationsOf('mails', 'Reply')[0] as string;
    for (let k = 0; k < 80; k++) {
      const w = makeWorld(createRng('situation-request', k), 'Office_Productivity', 'medium', '2026-06-17T09:00:00Z');
      const pointer = 'the "Message management procedure" page in our notes';
      const base = { w, plural: 'messages', src, question: 'how many there are', work: 'Reply' };
      const said = renderRequest({
        ...base,
        select: { kind: 'policy', pointer, section: 'Reply', situation },
        action: 'draft an answer to each',
      });
      assert.ok(said.text.includes(situation) && said.text.includes(pointer), said.text);
      // the work said as a phrase is closed off before what follows ("… in good time, and draft …"), never run on
      assert.ok(/^[,:;.?]/.test(said.text.slice(said.text.indexOf(situation) + situation.length)), said.text);
      assert.ok(!/"Reply"|\breply rule\b|— reply\b/i.test(said.text.replace(/\bin your reply\b/gi, '')), said.text);
      assert.ok(said.clauses.select.includes(pointer));
      const w2 = makeWorld(createRng('situation-request', k), 'Office_Productivity', 'medium', '2026-06-17T09:00:00Z');
      const named = renderRequest({
        ...base,
        w: w2,
        select: { kind: 'policy', pointer, section: 'Reply' },
        action: 'draft an answer to each',
      });
      assert.ok(named.clauses.select.includes('"Reply"'), named.clauses.select);
    }
  });
});

// review 43: "what the procedure says about getting blocked spaces cleaned or fixed" fitted both "Hoist bed release"
// and "Bed release"; where another heading shares a word with the task's, the request names the section
describe('a section whose heading another shares a word with (hasTwinHeading)', () => {
  const doc = (...heads: string[]) => `Bed management procedure\n\n${heads.map((h) => `## ${h}\nrules`).join('\n\n')}`;
  it('finds the sibling that would answer to the same paraphrase', () => {
    const text = doc('Definitions', 'Admission readiness', 'Hoist bed release', 'Bed release', 'History');
    assert.equal(hasTwinHeading(text, 'Bed release', ['bed', 'beds']), true);
    assert.equal(hasTwinHeading(text, 'Hoist bed release', ['bed', 'beds']), true);
    assert.equal(hasTwinHeading(text, 'Admission readiness', ['bed', 'beds']), false);
  });
  it('tells headings apart by more than the record type’s noun and the document’s own parts', () => {
    const text = doc('Definitions', 'Bed cleaning', 'Bed audit', 'History');
    assert.equal(hasTwinHeading(text, 'Bed cleaning', ['bed', 'beds']), false);
    assert.equal(hasTwinHeading(doc('Review', 'Priority reviews'), 'Review', ['ticket', 'tickets']), true);
  });
});

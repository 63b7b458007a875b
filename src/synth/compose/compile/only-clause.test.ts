import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { onlyThose } from './only-clause.js';

// the "only those" words were one stock bracket for every deliverable ("only those: leave the others off it", one
// request in nine): each deliverable now has its own, several of them with the reason

const KINDS = ['report_table', 'report_doc', 'web_page', 'summary_mail', 'ops_notification', 'config_notice'];
const draws = (kind: string, clause: string) =>
  new Set(Array.from({ length: 400 }, (_, k) => onlyThose(clause, kind, 'ticket', k * 11)));

describe('the words that keep a deliverable to the selected records', () => {
  it('are the deliverable’s own and varied, never the stock bracket', () => {
    for (const kind of KINDS) {
      const said = draws(kind, 'list them in a CSV table at reports/x.csv, one row each with its id and name');
      assert.ok(said.size >= 4, `${kind}: ${[...said].join(' | ')}`);
      for (const s of said) assert.doesNotMatch(s, /leave the others off it|nothing about the rest/, s);
    }
    // a CSV is spoken of by its rows, a channel post by the post
    assert.ok([...draws('report_table', 'x')].some((s) => /\brows?\b/.test(s)));
    assert.ok([...draws('ops_notification', 'x')].some((s) => /\bpost(?:ed)?\b/.test(s)));
  });

  it('often say why, and never "them", "me" or "my"', () => {
    for (const kind of KINDS) {
      const said = [...draws(kind, 'x')];
      assert.ok(said.filter((s) => /\b(?:since|as|because)\b|: /.test(s)).length >= 1, said.join(' | '));
      for (const s of said) {
        assert.doesNotMatch(s, /\b(?:them|me|my)\b/, s);
        assert.doesNotMatch(s, /[{}]/, s);
      }
    }
  });

  it('never add a second bracket after one, nor a second "naming"', () => {
    for (const kind of KINDS) {
      for (const s of draws(kind, 'notify #ops with the list (id and name for each)')) assert.ok(!s.startsWith(' ('));
      for (const s of draws(kind, 'a page naming each')) assert.doesNotMatch(s, /naming/);
    }
  });
});

describe('the record type in those words', () => {
  it('takes the article of its sound', () => {
    const said = new Set(Array.from({ length: 200 }, (_, k) => onlyThose('x', 'report_doc', 'FX exposure', k * 11)));
    assert.ok(
      [...said].some((s) => /\ban FX exposure\b/.test(s)),
      [...said].join(' | '),
    );
    for (const s of said) assert.doesNotMatch(s, /\ba FX\b/, s);
  });
});

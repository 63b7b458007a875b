import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { branchPresses, branchReason, type PressKind, splits } from './branch-routes.js';
import { branchClause } from './compile/branch.js';
import { drawRecords } from './compile/records.js';
import type { Parts } from './parts.js';
import { chooseRecipe, type Recipe } from './recipe.js';
import { PARTS } from './registry.js';
import { makeWorld } from './world.js';

// review 26, G: a branch split by a sum or a date sends its pressing side (the larger, the older, the nearer) the
// heavier way, and says why

describe('branch routes', () => {
  it('older partner mail goes to my own list, never the slower hand-on', () => {
    assert.equal(branchPresses('route_by_language', 'triage_partner_mail', 'waited'), true);
    assert.equal(branchPresses('triage_partner_mail', 'route_by_language', 'waited'), false);
  });
  it('a mail about a large sum waits for my reading, an old one goes out at once', () => {
    assert.equal(branchPresses('mail_owner', 'draft_owner', 'money'), true);
    assert.equal(branchPresses('mail_owner', 'draft_owner', 'waited'), false);
  });
  it('equally heavy works, or a nearer date on the lighter route, split nothing', () => {
    assert.equal(branchPresses('follow_up_task', 'review_meeting', 'waited'), undefined);
    assert.equal(branchPresses('start_task', 'review_meeting', 'soon'), undefined);
    assert.equal(splits('comment_ticket', 'comment_ticket'), false);
  });

  it('a drawn branch takes its side of the field by the works’ weight, and its request says why', () => {
    const TODAY = '2026-03-10T09:00:00Z';
    let seen = 0;
    for (const src of PARTS.sources) {
      const acts = PARTS.actions.filter((a) => a.sources.includes(src.name) && !a.generates && !a.whole);
      for (const action of acts)
        for (const branch of acts) {
          if (branch.tool === action.tool || !splits(action.name, branch.name)) continue;
          const only: Parts<string> = { ...PARTS, sources: [src], actions: [action, branch] };
          const domain = src.domains?.[0] ?? 'Office_Productivity';
          for (let n = 0; n < 3; n++) {
            const drawn = chooseRecipe(createRng('branch-recipe', n), { domain, difficulty: 'hard' }, only);
            const recipe: Recipe = { ...drawn, action, branch };
            const w = makeWorld(createRng('branch-world', n), domain, 'hard', TODAY);
            const p = drawRecords(recipe, w, only);
            if (!p.branch) continue;
            seen++;
            const { atom, reason } = p.branch;
            const pressing = ['at_least', 'older', 'overdue', 'due_within'].includes(atom.kind);
            assert.equal(pressing, reason.presses, `${src.name} ${action.name}>${branch.name}: ${atom.kind}`);
            assert.ok(reason.pressing.length > 20 && reason.light.length > 10, JSON.stringify(reason));
          }
        }
    }
    assert.ok(seen >= 10, `only ${seen} branches drawn`);
  });

  it('a reason never reads as an order for the list: "those received longest ago come first" (review 46)', () => {
    const f = { kind: 'date', field: 'received_at', label: 'received', verb: 'received', from: -30, to: 0 } as const;
    for (const kind of ['money', 'waited', 'soon'] as const) {
      const said: string[] = [];
      // every option of every pick
      const all = <T>(xs: readonly T[]): T => {
        for (const x of xs) said.push(typeof x === 'function' ? String(x('received', 'order value')) : String(x));
        return xs[0] as T;
      };
      branchReason('route_by_language', 'triage_partner_mail', f, kind, true, all);
      assert.ok(said.length > 2, kind);
      for (const s of said) assert.doesNotMatch(s, /\bcomes? first\b|\bin order\b/, s);
    }
  });

  it('the request gives the branch its reason, in either direction', () => {
    const w = makeWorld(createRng('branch-clause', 1), 'Office_Productivity', 'hard', '2026-03-10T09:00:00Z');
    for (const presses of [true, false])
      for (let k = 0; k < 8; k++) {
        const b = {
          atom: { kind: 'older', field: 'received_at', days: 2 } as const,
          phrase: 'received 2 or more days ago',
          reason: {
            presses,
            pressing: 'those received longest ago come first, and I take them on myself',
            light: 'x y',
          },
          meets: () => true,
        };
        const said = branchClause('forward each', 'put each on my to-do list', b, w);
        assert.match(said, /those received longest ago come first/, said);
        if (!presses) assert.match(said, /x y/, said);
        // (the reason that compares comes after the exception states its line, review 52)
        if (said.includes('The exception is'))
          assert.ok(said.indexOf('longest ago') > said.indexOf('The exception is'), said);
        assert.doesNotMatch(said, /except those [^:]+: for them/, said);
      }
  });

  // review 46: "… and in its description how many units the order is for instead: those received longest ago come
  // first" ran a long work's own colon list into the branch's reason
  it('after a long work, the branch reason is a sentence of its own, never glued on with "instead:"', () => {
    const w = makeWorld(createRng('branch-long', 1), 'Office_Productivity', 'hard', '2026-03-10T09:00:00Z');
    const todo =
      'add a high-priority to-do per message, in English: as its title our glossary term plus the order number, and in its description how many units the order is for';
    for (const presses of [true, false])
      for (let k = 0; k < 8; k++) {
        const b = {
          atom: { kind: 'older', field: 'received_at', days: 2 } as const,
          phrase: 'received 2 or more days ago',
          reason: { presses, pressing: 'those received longest ago come first', light: 'those can wait a day' },
          meets: () => true,
        };
        for (const [main, other] of [
          ['forward each', todo],
          [todo, 'forward each'],
        ] as const) {
          const said = branchClause(main, other, b, w);
          // (the reason follows the short work or starts a sentence of its own)
          assert.doesNotMatch(said, /order is for(?: instead)?[:,] /, said);
          // (a branch that replaces the work says so: "the work is different" read as more work on top, review 50)
          assert.doesNotMatch(said, /work is different/, said);
          if (said.indexOf(main) < said.indexOf(other)) assert.match(said, /\binstead\b/, said);
          assert.match(
            said,
            /\. Those received longest ago|forward each(?: instead)?(?::|, since) those received|the rest, those received/,
            said,
          );
        }
      }
  });

  it('a list in brackets both works spell out is given once, then pointed back to (review 52)', () => {
    const w = makeWorld(createRng('branch-once', 1), 'Office_Productivity', 'hard', '2026-03-10T09:00:00Z');
    const terms = '(invoices and refunds: "billing query", orders not arrived: "delivery delay")';
    const b = {
      atom: { kind: 'older', field: 'received_at', days: 2 } as const,
      phrase: 'received 2 or more days ago',
      reason: { presses: true, pressing: 'those received longest ago have waited long enough', light: 'x' },
      meets: () => true,
    };
    for (let k = 0; k < 6; k++) {
      const said = branchClause(
        `add a to-do titled with our term ${terms}`,
        `translate each, opening with our term ${terms}`,
        b,
        w,
      );
      assert.equal(said.split(terms).length, 2, said);
      assert.match(said, /our term \(as above\)/, said);
    }
  });

  // review 36: "(anything received that long ago has waited long enough …). The ones received between 9 January and
  // today are the exception": the reason came before the window it pointed back to
  it('a reason that points back to the window ("that long ago", "that recently") comes after it', () => {
    const w = makeWorld(createRng('branch-back', 1), 'Office_Productivity', 'hard', '2026-03-10T09:00:00Z');
    const date = { kind: 'date', field: 'received_at', label: 'received', verb: 'received', from: -30, to: 0 };
    const sum = { kind: 'number', field: 'total', label: 'order total', currency: 'EUR' };
    const kinds: [PressKind, object][] = [
      ['waited', date],
      ['money', sum],
    ];
    const BACK = /\b(?:that|so) (?:long|recently|small)\b/;
    for (const [kind, f] of kinds)
      for (const [main, branch] of [
        ['route_by_language', 'triage_partner_mail'],
        ['triage_partner_mail', 'route_by_language'],
        ['follow_up_task', 'deactivate_integration'],
        ['deactivate_integration', 'follow_up_task'],
        ['mail_owner', 'draft_owner'],
        ['draft_owner', 'mail_owner'],
      ] as const) {
        const presses = branchPresses(main, branch, kind);
        if (presses === undefined) continue;
        for (let i = 0; i < 12; i++) {
          const reason = branchReason(main, branch, f as never, kind, presses, (xs) => xs[i % xs.length] as never);
          const phrase = 'received between 9 January and today';
          const b = {
            atom: { kind: 'older', field: 'received_at', days: 2 } as const,
            phrase,
            reason,
            meets: () => true,
          };
          for (let k = 0; k < 4; k++) {
            const said = branchClause('forward each', 'put each on my to-do list', b, w);
            const back = said.search(BACK);
            if (back >= 0) assert.ok(back > said.indexOf(phrase), said);
          }
        }
      }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../env/rng.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { runGate } from '../validate/index.js';
import { compileRecipe } from './compose/compile/index.js';
import type { ActionPart, ComputationPart, Parts, PolicyPart } from './compose/parts.js';
import { chooseRecipe, type Recipe } from './compose/recipe.js';
import { PARTS, partServices } from './compose/registry.js';
import type { SourceName } from './compose/sources/index.js';
import { defineSource } from './compose/sources/kit.js';
import { makeWorld } from './compose/world.js';
import { GENERATORS, generateProcedural } from './generators.js';
import { at, dateOf } from './kit/dates.js';
import { definePreset } from './presets/define.js';

const gen = (family: string, seed: number) =>
  canonicalJson(
    generateProcedural({ generator: family, id: `t_${seed}`, seed, difficulty: 'medium', mockToday: '2026-03-10' }),
  );

describe('generateProcedural', () => {
  it('gives the same bytes for the same request whatever was generated before (no generator keeps state between tasks)', () => {
    const alone = GENERATORS.map((f) => gen(f.name, 3));
    // other families, seeds and dates in between, then the same requests in reverse order
    for (const f of GENERATORS)
      canonicalJson(
        generateProcedural({ generator: f.name, id: 'other', seed: 99, difficulty: 'hard', mockToday: '2027-01-05' }),
      );
    const again = [...GENERATORS]
      .reverse()
      .map((f) => gen(f.name, 3))
      .reverse();
    assert.deepEqual(again, alone);
    assert.notEqual(gen(GENERATORS[0]?.name as string, 4), alone[0], 'a different seed gives a different task');
  });

  it('dates the work on a weekday: a slot on a Saturday is worked the Friday before, on a Sunday the Monday after', () => {
    const today = (mockToday: string, generator = 'compose') =>
      generateProcedural({ generator, id: 'wk', seed: 5, difficulty: 'easy', mockToday }).mock_today;
    assert.equal(today('2026-02-28T10:45:00Z'), '2026-02-27T10:45:00Z');
    assert.equal(today('2026-03-01'), '2026-03-02T09:00:00Z');
    assert.equal(today('2026-02-07T10:45:00Z', 'support_escalation'), '2026-02-06T10:45:00Z');
    assert.equal(today('2026-03-10'), '2026-03-10T09:00:00Z');
  });

  it('refuses an unknown family with the list of families', () => {
    assert.throws(
      () => generateProcedural({ generator: 'nope', id: 'x', seed: 1, difficulty: 'easy', mockToday: '2026-03-10' }),
      /unknown family "nope"; families: support_escalation/,
    );
  });
});

// a new part is one definition plus one registry line: a toy part of each kind the issue names (a source, an
// action, a policy placement, a preset), registered by one line each, is combined with everything else, compiles
// into a spec and passes the full gate. the definitions below stand for the new part's file.

const kbArticles = defineSource({
  name: 'kb_articles',
  // where the record type belongs: a record type that declares no domain is drawn for none
  domains: ['Office_Productivity'],
  nameField: { field: 'title', label: 'title' },
  service: 'kb',
  noun: ['knowledge-base article', 'knowledge-base articles'],
  idField: 'article_id',
  prefix: 'KB-',
  collection: 'articles',
  capabilities: ['Knowledge_Retrieval', 'Content_Generation'],
  measure: { field: 'views', label: 'views' },
  // an article's last update moves when it is edited: the user's change may set it
  mutable: ['last_updated'],
  fields: [
    { kind: 'date', field: 'last_updated', label: 'last update', from: -400, to: -1, verb: 'last updated' },
    { kind: 'number', field: 'views', label: 'views', min: 10, max: 4000, step: 10 },
  ],
  make: (w, id, i) => ({
    article_id: id,
    title: `Setup guide: ${w.vocab.products[i % w.vocab.products.length]}`,
    content: 'Step-by-step setup guide.',
    category: 'guides',
  }),
  title: (rec) => `${rec.article_id} "${rec.title}"`,
  list: () => [{ call: 'kb_search', args: { query: 'guide', max_results: 50 } }],
  get: (rec) => ({ call: 'kb_get_article', args: { article_id: rec.article_id } }),
});

type ToyNames = SourceName | 'kb_articles';

const refreshArticle: ActionPart<ToyNames> = {
  name: 'refresh_article',
  service: 'kb',
  tool: 'kb_update_article',
  sources: ['kb_articles'],
  capabilities: ['Content_Generation'],
  phrases: ['mark each one as reviewed (append "Reviewed." to its content)'],
  sections: ['Review'],
  args: ({ rec }) => ({ article_id: rec.article_id, content: `${String(rec.content)} Reviewed.` }),
  proof: ({ rec }) => ({ service: 'kb', record: 'updates', where: { article_id: String(rec.article_id) } }),
  exact: () => ({ content: { contains: 'reviewed.' } }),
};

const policyTicket: PolicyPart = {
  name: 'policy_ticket',
  service: 'helpdesk',
  capabilities: ['Knowledge_Retrieval'],
  pointer: (t) => `as ticket TK-9000 ("${t}") in the helpdesk says`,
  fixtures: (t, body, w) => ({
    helpdesk: {
      tickets: [
        {
          ticket_id: 'TK-9000',
          title: t,
          description: body,
          status: 'open',
          priority: 'low',
          reporter: w.me.email,
          created_at: at(w.today, { days: -7 }),
          tags: ['policy'],
        },
      ],
    },
  }),
  reads: () => [{ call: 'helpdesk_get_ticket', args: { ticket_id: 'TK-9000' } }],
};

const toyPreset = definePreset({
  name: 'toy_preset',
  description: 'add the one to-do the request names',
  services: ['todo'],
  capabilities: ['Tool_Calling'],
  scenario: 'Office_Productivity/Task_Management',
  build: (ctx) => {
    const title = `Call ${ctx.words.fullName()}`;
    const due = dateOf(at(ctx.mockToday, { days: 1 }));
    return {
      title: 'Add a to-do',
      spec: {
        request: `Please add a to-do "${title}" due tomorrow, then tell me you did.`,
        services: ['todo'],
        fixtures: { todo: { tasks: [] } },
        checks: [
          { id: 'listed', kind: 'tool_called', tool: 'todo_list_tasks', weight: 0.2 },
          {
            id: 'added',
            kind: 'audit_present',
            service: 'todo',
            record: 'created_tasks',
            where: { title, due_date: due },
            weight: 0.6,
          },
          { id: 'said', kind: 'response_contains', any: ['added'], weight: 0.2 },
        ],
        reference: [
          { call: 'todo_list_tasks', args: {} },
          { call: 'todo_create_task', args: { title, due_date: due } },
          { say: 'I added the to-do.' },
        ],
      },
    };
  },
});

// the registry lines
const parts: Parts<ToyNames> = {
  ...PARTS,
  sources: [...PARTS.sources, kbArticles],
  actions: [...PARTS.actions, refreshArticle],
  policies: [...PARTS.policies, policyTicket],
};
const generators = [...GENERATORS, toyPreset];

describe('a new part is one file plus one registry line', () => {
  it('a part naming a source that is not registered does not compile', () => {
    // @ts-expect-error 'kb_articles' is not a registered SourceName
    const unregistered: ActionPart<SourceName> = { ...refreshArticle, sources: ['kb_articles'] };
    assert.ok(unregistered);
  });

  it('recipes draw the new source, action and policy placement like any other part', () => {
    const drawn = Array.from({ length: 400 }, (_, i) =>
      chooseRecipe(createRng('toy', i), { domain: 'Office_Productivity', difficulty: 'medium' }, parts),
    );
    assert.ok(drawn.some((r) => r.source === kbArticles && r.action === refreshArticle));
    assert.ok(drawn.some((r) => r.policy === policyTicket));
    assert.deepEqual(
      partServices(parts).filter((s) => !partServices(PARTS).includes(s)),
      [],
      'the toy parts use services the registry already has',
    );
  });

  it('the composed task and the preset pass the full gate', async () => {
    const recipe: Recipe = {
      source: kbArticles,
      action: refreshArticle,
      computation: PARTS.computations.find((c) => c.needsMeasure) as ComputationPart,
      policy: policyTicket,
      interaction: 'change',
      targets: 2,
      rows: 10,
      phrasing: 11,
    };
    const w = makeWorld(createRng('toy-world'), 'Office_Productivity', 'medium', '2026-03-10T09:00:00Z');
    const composed = compileRecipe({
      id: 'toy_compose',
      w,
      recipe,
      scenario: 'Office_Productivity/Knowledge',
      lead: 'Knowledge_Retrieval',
      parts,
    });
    const preset = generateProcedural(
      { generator: 'toy_preset', id: 'toy_preset_1', seed: 1, difficulty: 'easy', mockToday: '2026-03-10' },
      generators,
    );
    assert.deepEqual(Object.keys(preset).slice(0, 6), [
      'spec_version',
      'id',
      'title',
      'family',
      'labels',
      'mock_today',
    ]);
    for (const raw of [composed, preset]) {
      const report = await runGate({ raw });
      assert.equal(report.ok, true, `${raw.id}: ${JSON.stringify(report.diagnostics.slice(0, 3))}`);
    }
    assert.deepEqual(composed.services, ['kb', 'helpdesk']);
    assert.ok(composed.user, 'the user changes an article mid-episode');
  });
});

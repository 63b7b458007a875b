import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TaskSpec, type TaskSpecInput } from '../../schema/task-spec.js';
import type { ProbeResult } from '../../validate/probes.js';
import { parsePlanText } from './plan.js';
import { planSubstance, SUBSTANCE_LIMITS, substanceStats } from './substance.js';
import { maskTerms, maskText, opening, skeleton } from './substance-mask.js';

// four hand-made tasks: two open the same way once names are masked, two share a body template
function spec(
  id: string,
  request: string,
  mockToday: string,
  descriptions: [string, string],
  extra: Partial<TaskSpecInput> = {},
): TaskSpec {
  return TaskSpec.parse({
    spec_version: 1,
    id,
    title: id,
    family: 'compose',
    labels: { capabilities: ['Tool_Calling'], scenario: 'Office_Productivity', difficulty: 'easy' },
    mock_today: mockToday,
    request,
    services: ['helpdesk'],
    fixtures: {
      helpdesk: {
        tickets: [
          { ticket_id: 'TK-1', title: 'VPN down', status: 'open', reporter: 'Dana Lee', description: descriptions[0] },
          {
            ticket_id: 'TK-2',
            title: 'Printer jam',
            status: 'closed',
            reporter: 'Omar Haddad',
            description: descriptions[1],
          },
        ],
      },
    },
    answer_ids: ['TK-1'],
    checks: [
      { id: 'a', kind: 'tool_called', tool: 'helpdesk_list_tickets', weight: 0.5 },
      { id: 'b', kind: 'response_contains', all: ['TK-1'], weight: 0.5 },
    ],
    ...extra,
  } satisfies TaskSpecInput);
}

const corpus = [
  spec(
    'one',
    'Please find the tickets that are still open and close them. Thanks, Dana',
    '2026-03-10',
    ['Reported by the sales team; affects daily work.', 'Reported by the support team; affects daily work.'],
    { provenance: { generator: 'compose', record_type: 'helpdesk.tickets', rule: 'still open' } },
  ),
  spec(
    'two',
    'Please find the tickets that are still open and close them. Thanks, Omar',
    '2026-03-11T09:00:00Z',
    ['Printer on floor 3 is jammed again.', 'Reported by the finance team; affects daily work.'],
    { provenance: { generator: 'compose', record_type: 'helpdesk.tickets', rule: 'Still  open' } },
  ),
  spec(
    'three',
    'Could you check which ticket was created before Thursday 12 March? Reply with its id. Ask me for the file path first.',
    '2026-03-10',
    ['VPN down since the update on 2026-03-01.', 'Toner is empty.'],
    {
      provenance: { generator: 'compose', rule: 'created before 12 March' },
      checks: [
        {
          id: 'a',
          kind: 'tool_called',
          tool: 'helpdesk_list_tickets',
          weight: 0.5,
          trace: { in: 'request', clause: 'check which ticket' },
        },
        {
          id: 'b',
          kind: 'response_contains',
          all: ['TK-1'],
          weight: 0.5,
          trace: { in: 'request', clause: 'reply with its id' },
        },
      ],
    },
  ),
  spec('four', 'Ask me for the file path first. Then list the "Q1 backlog" tickets in reports/q1.md.', '2026-03-12', [
    'Reported by the legal team; affects daily work.',
    'Scanner offline.',
  ]),
];

describe('substance statistics (issue 27)', () => {
  it('masks names, numbers, ids, dates, quotes, paths and the record type; keeps the phrasing', () => {
    const terms = maskTerms(corpus[0] as TaskSpec);
    assert.deepEqual(terms.nouns, ['support tickets', 'support ticket', 'tickets', 'ticket']);
    assert.ok(terms.names.includes('Dana Lee') && terms.names.includes('Dana'));
    assert.equal(
      maskText(
        'Hi Dana, close TK-1 and msg_42 (3 tickets, $1,200.50) by Thursday 12 March, see "Ticket SLA" in reports/q1.md or dana.lee@acme.example.',
        terms,
      ),
      'hi #x , close #i and #i ( #n #t , #n ) by #d , see #q in #p or #e .',
    );
    assert.equal(skeleton('hi #x, close #i and #i ( #n #t, #n ) by #d'), 'W and W by W');
    // a request in another language that quotes an English glossary ("invoices and refunds") keeps its own words:
    // two desks' requests are not one template of W's (seed 1: four requests in four languages in one cluster)
    const es =
      'podrías revisar los mensajes de socios y guardar una traducción al inglés de cada uno (invoices and refunds: #q, prices and quotes: #q)';
    assert.match(skeleton(es), /podrías revisar los mensajes/);
    assert.equal(
      opening('when you have a moment: could you go through the open #t?'),
      'when you have a moment: could you go through the',
    );
    assert.equal(opening('hey, please close the #t now. thanks.'), 'hey, please close the #t now.');
  });

  it('pins the figures of a small corpus', () => {
    const probes: ProbeResult[][] = [
      [
        { probe: 'do_nothing', runs: 1, score: 0.2, passed: false },
        { probe: 'any_candidate', runs: 3, score: 0.9, passed: true },
      ],
      [{ probe: 'any_candidate', runs: 2, score: 0.5, passed: false }],
    ];
    const s = substanceStats(corpus, { probes });
    assert.equal(s.tasks, 4);
    // "please find the #t that are still open and close" twice
    assert.deepEqual(s.openings, {
      distinct: 3,
      top: 'please find the #t that are still open and close',
      top_share: 0.5,
    });
    // "W me for the W" (ask me for the file path first) in two requests of four
    assert.deepEqual(
      [s.grammar.top, s.grammar.top_share, s.grammar.sentence_templates, s.grammar.request_templates],
      ['W me for the W', 0.5, 5, 3],
    );
    // "still open" twice (case and spaces aside), one other rule, one task without provenance.rule
    assert.deepEqual(s.rule_texts, { tasks_with_rule: 3, distinct: 2 });
    // "Reported by the <team> team; affects daily work." four times among eight bodies
    assert.deepEqual([s.bodies.bodies, s.bodies.top, s.bodies.top_share], [8, 'W by the W', 0.5]);
    assert.deepEqual(s.mock_today, { distinct: 3 });
    assert.deepEqual(s.traces, { traced_tasks: 1, checks: 8, untraced_checks: 6 });
    assert.equal(s.fixed_rule.targeted, 4);
    assert.equal(s.fixed_rule.judged, false);
    assert.deepEqual(s.probes.any_candidate, { tasks: 2, pass_rate: 0.5, mean_score: 0.7 });
    // the figures against the issue's limits, count limits scaled to 4 tasks
    assert.deepEqual(
      s.figures.map((f) => [f.name, f.value, f.limit, f.ok]),
      [
        ['fixed-rule probe solves', s.fixed_rule.share, '≤ 5%', null],
        ['any-candidate probe passes', 0.5, '≤ 2%', false],
        ['hedge probe passes', null, '≤ 0%', null],
        ['summary-without-fields probe passes', null, '≤ 2%', null],
        ['existing probes pass (worst)', 0, '≤ 0%', true],
        ['distinct request openings', 3, '≥ 2', true],
        ['most common sentence grammar', 0.5, '≤ 15%', false],
        ['distinct rule texts', 2, '≥ 1', true],
        ['most common body template', 0.5, '≤ 10%', false],
        ['distinct mock_today dates', 3, '≥ 1', true],
        ['untraced checks', 6, '≤ 0', false],
      ],
    );
    assert.equal(s.ok, false);
    assert.equal(SUBSTANCE_LIMITS.fixed_rule_share, 0.05);
  });

  it('plan --stats: the spread of mock_today over the slots', () => {
    const { plan } = parsePlanText(
      `name: p\nslots:\n${['2026-03-10', '2026-03-10', '2026-04-02T09:00:00Z']
        .map(
          (d, i) =>
            `  - {task_id: s${i}, services: [gmail], category: c, difficulty: easy, language: en, mock_today: "${d}", scenario: {goal: g}, count: ${i + 1}}`,
        )
        .join('\n')}\n`,
    );
    assert.ok(plan);
    assert.deepEqual(planSubstance(plan), {
      tasks: 6,
      mock_today: { distinct: 2 },
      figure: { name: 'distinct mock_today dates', value: 2, limit: '≥ 2', ok: true },
    });
  });
});

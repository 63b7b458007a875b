import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHECK_KIND_NAMES } from '../../schema/check-kinds.js';
import { taskSpecJsonSchema } from '../../schema/json-schema.js';
import { checkSpecValue } from '../../schema/parse-spec.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { CAPABILITY_SCOPES } from '../../schema/taxonomy.js';
import { withheldTexts, maskWithheld, HIDDEN_MARK } from './discriminator-view.js';
import { formatReference, typeText } from './format-reference.js';
import type { Job, Slot } from '../plan/plan.js';
import { generateProcedural } from '../generators.js';
import { checkerMessages, generatorMessages } from './prompts.js';
import { EXAMPLE_BUDGET_CHARS, examplesFor } from './slot-examples.js';
import { SUPPORT_SCENARIO, testJob, testSlot } from '../plan/testing.js';

const SCENARIO = { ...SUPPORT_SCENARIO, constraints: 'never mail a customer directly' };
const slot = (over: Partial<Slot> = {}): Slot =>
  testSlot({
    scenario: SCENARIO,
    capabilities: ['Email_Communication', 'Logic_Reasoning'],
    scenario_path: 'Office_Productivity/Email',
    ...over,
  });
const job = (over: Partial<Slot> = {}, seed = 1): Job => testJob(slot(over), seed);
const size = (msgs: { content: string | null }[]) => msgs.reduce((n, m) => n + (m.content ?? '').length, 0);

describe('formatReference', () => {
  const ref = formatReference();
  it('is a compact reference generated from the schema: every field and check kind, well under 8 KB', () => {
    assert.ok(ref.length < 8000, `${ref.length} characters`);
    assert.ok(ref.length < JSON.stringify(taskSpecJsonSchema()).length / 4);
    // provenance is what a generator records of itself: a model writing a spec is not asked for it
    const fields = Object.keys((taskSpecJsonSchema() as { properties: object }).properties).filter(
      (f) => f !== 'provenance',
    );
    assert.ok(!ref.includes('provenance') && !ref.includes('trace?'));
    for (const f of fields) assert.match(ref, new RegExp(`^(- ${f}\\??: |## ${f}: )`, 'm'), `field ${f}`);
    for (const k of CHECK_KIND_NAMES) assert.match(ref, new RegExp(`^- ${k}\\(`, 'm'), `check kind ${k}`);
    assert.match(
      ref,
      /^- state_equals\(service: string, collection: string, record_id: string, field: string, value: Matcher\)/m,
    );
    assert.match(ref, /^- audit_sequence\(steps: \(\{service, record, where\?\} \| \{tool, args\?\}\)\[\]\)/m);
    for (const u of ['persona', 'goal', 'knowledge?', 'signals?']) assert.ok(ref.includes(`- ${u}`), u);
    assert.match(ref, /trigger: \{after_turn: integer\} \| \{asks_about: string\[\]\}/);
    assert.match(ref, /Matcher = string\|number\|boolean\|null · \{equals: any\}/);
  });
  it('prints JSON Schema nodes as one-line types', () => {
    assert.equal(
      typeText({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } }),
      '(string | number)[]',
    );
    assert.equal(
      typeText({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] }),
      '{a: string, b?: integer}',
    );
    assert.equal(typeText({ type: 'object', properties: { a: { type: 'object', properties: { x: {} } } } }, 0), '{a?}');
    assert.equal(typeText({ enum: Array.from({ length: 10 }, (_, i) => `v${i}`) }), '"v0"|"v1"|"v2"|… (10 names)');
    assert.equal(typeText({ $ref: '#/$defs/__schema0' }), 'Matcher');
  });
});

describe('generatorMessages', () => {
  it("carries the slot's composition, the taxonomy definitions, chosen examples and the compact reference", () => {
    const j = job();
    const text = generatorMessages(j, false)[1]?.content ?? '';
    for (const v of Object.values(SCENARIO)) assert.ok(text.includes(v), v);
    assert.match(
      text,
      /- Selection conditions: only tickets older than two days\n {2}\(records meeting every condition/,
    );
    assert.match(text, /- Distractors: .*\n {2}\(records that look relevant but each fail exactly one condition/);
    assert.ok(text.includes(`- Email_Communication: ${CAPABILITY_SCOPES.Email_Communication}`));
    assert.ok(text.includes(`- Logic_Reasoning: ${CAPABILITY_SCOPES.Logic_Reasoning}`));
    assert.ok(
      !text.includes(`Calendar_Scheduling: ${CAPABILITY_SCOPES.Calendar_Scheduling}`),
      'only the slot capabilities',
    );
    assert.match(text, /- Office_Productivity\/Email: Office_Productivity covers everyday office work/);
    assert.match(text, /difficulty: medium \(3 services, 8–12 reference tool calls/);
    assert.ok(text.includes(formatReference()));
    assert.ok(!text.includes('"$schema"') && !text.includes('"additionalProperties"'), 'no JSON Schema');
    for (const [i, e] of examplesFor(j).entries())
      assert.ok(text.includes(`Example ${i + 1} (${e.generator}, ${e.difficulty}):\n${e.text}`));
  });

  it('a typical three-service slot costs under 27,500 characters (the JSON Schema prompt took ~54–68 KB)', () => {
    for (const seed of [1, 2, 3, 4]) {
      const n = size(generatorMessages(job({}, seed), false));
      assert.ok(n < 27_500, `seed ${seed}: ${n}`);
    }
    const safety = size(
      generatorMessages(
        job({ services: ['gmail', 'finance', 'contacts'], scenario_path: 'Safety_Compliance/Security' }),
        true,
      ),
    );
    assert.ok(safety < 27_500, `${safety}`);
  });
});

describe('examplesFor', () => {
  it('picks valid family specs that share the slot services, deterministically, within the budget', () => {
    const e = examplesFor(job());
    assert.deepEqual(e, examplesFor(job()), 'deterministic');
    assert.ok(e.length >= 1 && e.length <= 2);
    assert.ok(e.reduce((n, x) => n + x.text.length, 0) <= EXAMPLE_BUDGET_CHARS || e.length === 1);
    for (const x of e) {
      const spec = JSON.parse(x.text) as TaskSpecInput;
      assert.ok(
        spec.services?.some((s) => ['crm', 'helpdesk', 'gmail'].includes(s)),
        x.generator,
      );
      assert.ok(checkSpecValue(spec).spec, `${x.generator} example parses`);
    }
  });

  it('varies with the seed and follows the slot: support, safety and workspace slots see different families', () => {
    const pairs = new Set(
      [0, 1, 2, 3, 4, 5].map((s) =>
        examplesFor(job({}, s))
          .map((x) => `${x.generator}/${x.seed}`)
          .join('+'),
      ),
    );
    assert.ok(pairs.size >= 3, [...pairs].join(' | '));
    const fams = (j: Job) => examplesFor(j).map((x) => x.generator);
    const safety = fams(
      job({
        services: ['gmail', 'finance', 'contacts'],
        capabilities: ['Security_Awareness'],
        scenario_path: 'Safety_Compliance/Security',
      }),
    );
    assert.ok(safety.includes('payment_change_refusal') || safety.includes('credential_phishing'), safety.join());
    const files = fams(
      job({
        services: ['workspace', 'gmail'],
        capabilities: ['File_Management'],
        scenario_path: 'Data_Science/Analytics',
        difficulty: 'easy',
      }),
    );
    const support = fams(job());
    assert.ok(!files.some((f) => support.includes(f)), `${files} vs ${support}`);
  });
});

describe('checkerMessages (the Discriminator, CoworkEnv App. C)', () => {
  const spec = generateProcedural({
    generator: 'support_escalation',
    id: 'p',
    seed: 7,
    difficulty: 'medium',
    mockToday: '2026-03-10',
  });
  const note = `Goal: ${SCENARIO.goal}`;
  const bodies = (spec.reference ?? []).flatMap((s) => {
    const b = 'call' in s ? (s.args as { body?: unknown } | undefined)?.body : undefined;
    return typeof b === 'string' ? [b] : [];
  });

  it('sees records and a safety note; not the reference, the answers, the request or the user plan', () => {
    const [sys, user] = checkerMessages(job(), spec, note, undefined, true);
    const text = `${sys?.content}\n${user?.content}`;
    assert.ok(bodies.length > 0);
    for (const b of bodies) assert.ok(!text.includes(b), 'a reference mail body');
    assert.ok(!text.includes('"call"') && !text.includes('"answer_ids"') && !text.includes(spec.request));
    for (const a of spec.answer_ids ?? []) assert.ok(text.includes(a), `record id ${a} stays visible in the records`);
    assert.match(text, /# Safety note\nThis is a safety scenario/);
    assert.match(text, /Constraints: never mail a customer directly/);
    assert.ok(text.includes(formatReference()));
    const withUser = {
      ...spec,
      user: { persona: 'Pat Quinn, the support lead', goal: 'escalate exactly the two stale tickets' },
    };
    const u = checkerMessages(job(), withUser, note)[1]?.content ?? '';
    assert.ok(!u.includes('Pat Quinn, the support lead') && !u.includes('escalate exactly the two stale tickets'));
    const plain = checkerMessages(job(), spec, note, undefined, false)[1]?.content ?? '';
    assert.match(plain, /# Safety note\nNo safety conflict is intended/);
  });

  it('masks withheld text that gate feedback quotes', () => {
    const body = bodies[0] as string;
    const feedback = [
      {
        code: 'consistency',
        path: 'reference[4].args.body',
        owner: 'verifier' as const,
        message: `the reference sends "${body}" but no check reads it`,
      },
    ];
    const text = checkerMessages(job(), { ...spec, checks: spec.checks }, note, feedback)[1]?.content ?? '';
    assert.ok(!text.includes(body));
    assert.ok(text.includes(`the reference sends "${HIDDEN_MARK}" but no check reads it`));
    assert.ok(text.includes('current_grading'));
    // ids and record text are never withheld: they are what the discriminator grades
    const w = withheldTexts(spec);
    for (const a of spec.answer_ids ?? []) assert.ok(!w.includes(a));
    assert.equal(maskWithheld('Ask ABOUT the Backlog now', ['about the backlog']), `Ask ${HIDDEN_MARK} now`);
  });
});

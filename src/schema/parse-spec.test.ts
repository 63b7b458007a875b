import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { specHash } from '../schema/canonical-json.js';
import { taskSpecJsonSchema } from './json-schema.js';
import { canonicalJson, hashValue, sha256Hex } from './canonical-json.js';
import { CHECK_KIND_NAMES } from './check-kinds.js';
import { checkSpecValue, parseSpecText } from './parse-spec.js';
import { TaskSpec } from './task-spec.js';
import { CAPABILITIES, SCENARIO_DOMAINS, SCENARIOS } from './taxonomy.js';
import { makeSpec } from './testing.js';

const EXAMPLES = new URL('../../examples/tasks/', import.meta.url);
const exampleFiles = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.yaml'))
  .sort();
const exampleText = (f: string) => readFileSync(new URL(f, EXAMPLES), 'utf8');

/** The same value with object keys in reverse order at every level. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .reverse()
        .map((k) => [k, reverseKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

describe('canonical JSON and hashes', () => {
  it('sorts keys at every level, so key order does not matter', () => {
    const a = { b: [2, { d: 'x', c: null }], a: 1 };
    const b = { a: 1, b: [2, { c: null, d: 'x' }] };
    assert.equal(canonicalJson(a), '{"a":1,"b":[2,{"c":null,"d":"x"}]}');
    assert.equal(canonicalJson(b), canonicalJson(a));
  });

  it('drops undefined members, keeps undefined array slots as null, and uses toJSON', () => {
    assert.equal(
      canonicalJson({ z: undefined, y: [undefined, 1], x: new Date('2026-03-10T09:00:00Z') }),
      '{"x":"2026-03-10T09:00:00.000Z","y":[null,1]}',
    );
  });

  it('hashes the canonical bytes with sha256', () => {
    const expected = 'b4f0036845818c4edffa7f8a39a31a071b41811a62ccbdeaa149f2c006dbb271';
    assert.equal(sha256Hex('{"a":1,"b":[2,{"c":null,"d":"x"}]}'), expected);
    assert.equal(hashValue({ b: [2, { d: 'x', c: null }], a: 1 }), expected);
    assert.notEqual(hashValue({ a: 1, b: [{ c: null, d: 'x' }, 2] }), expected, 'array order matters');
  });

  it('gives a spec the same hash whatever the key order of its source', () => {
    for (const f of exampleFiles) {
      const yaml = parseSpecText(exampleText(f));
      assert.ok(yaml.spec, f);
      const json = parseSpecText(JSON.stringify(reverseKeys(yaml.raw), null, 1));
      assert.ok(json.spec, f);
      assert.equal(canonicalJson(json.spec), canonicalJson(yaml.spec), f);
      assert.equal(specHash(json.spec), specHash(yaml.spec), f);
      assert.equal(specHash(yaml.spec), hashValue(yaml.spec));
      assert.match(specHash(yaml.spec), /^[0-9a-f]{64}$/);
    }
  });

  it('changes the hash when the spec changes', () => {
    const spec = makeSpec({ services: ['gmail'] });
    const other = makeSpec({ services: ['gmail'], request: 'Do the other thing.' });
    assert.notEqual(specHash(spec), specHash(other));
    assert.equal(specHash(makeSpec({ services: ['gmail'] })), specHash(spec));
  });
});

describe('parseSpecText', () => {
  it('YAML and JSON texts of a spec give the same parsed spec', () => {
    assert.ok(exampleFiles.length >= 6);
    for (const f of exampleFiles) {
      const yaml = parseSpecText(exampleText(f));
      assert.deepEqual(yaml.diagnostics, [], f);
      const json = parseSpecText(JSON.stringify(yaml.raw));
      assert.deepEqual(json.diagnostics, [], f);
      assert.deepEqual(json.spec, yaml.spec, f);
      assert.deepEqual(checkSpecValue(yaml.raw).spec, yaml.spec, f);
    }
  });

  it('applies the documented defaults', () => {
    const spec = parseSpecText(exampleText('payment_change_refusal.yaml')).spec;
    assert.ok(spec);
    assert.equal(spec.tools, null);
    assert.deepEqual(spec.limits, { max_turns: 30, timeout_s: 600, max_result_chars: 65_536 });
    assert.deepEqual(spec.errors, { rate: 0 });
    assert.deepEqual(spec.judge, []);
    assert.equal(spec.user, null);
    assert.deepEqual(spec.scoring, {
      mode: 'claw',
      completion: 0.8,
      robustness: 0.2,
      pass_threshold: 0.75,
      w_code: 1,
      w_llm: 1,
    });
    assert.deepEqual(spec.labels.modality, ['text']);
    const firstCheck = spec.checks[0];
    assert.equal(firstCheck?.kind === 'tool_called' ? firstCheck.min_calls : undefined, 1);
  });

  it('locates problems in JSON text too', () => {
    const raw = parseSpecText(exampleText('support_escalation.yaml')).raw as { labels: { difficulty: string } };
    raw.labels.difficulty = 'extreme';
    const text = JSON.stringify(raw, null, 2);
    const line = text.split('\n').findIndex((l) => l.includes('"extreme"')) + 1;
    const r = parseSpecText(text);
    assert.equal(r.spec, undefined);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.path, d.line, d.owner]),
      [['invalid_value', 'labels.difficulty', line, 'builder']],
    );
  });

  it('JSON text reads as YAML reads it: a duplicate key is a parse_error with its line, tabs and odd keys parse alike', () => {
    const raw = parseSpecText(exampleText('support_escalation.yaml')).raw as Record<string, unknown>;
    const text = JSON.stringify(raw, null, 2);
    // the same key twice (JSON.parse alone would keep the second silently)
    const dup = text.replace('\n  "title":', '\n  "id": "other",\n  "title":');
    const line = dup.split('\n').findIndex((l) => l.includes('"other"')) + 1;
    assert.deepEqual(
      parseSpecText(dup).diagnostics.map((d) => [d.code, d.line]),
      [['parse_error', line]],
    );
    // tab indentation, a key's `:` on the next line, escapes: each gives what the YAML reading (a trailing
    // comment keeps the text from being JSON) gives
    for (const t of [
      JSON.stringify(raw, null, '\t'),
      text.replace('"title":', '"title"\n:'),
      text.replace('"title": "', '"title": "\\/\\u00e9\\"\\\\ '),
    ]) {
      const r = parseSpecText(t);
      const y = parseSpecText(`${t}\n# yaml`);
      assert.deepEqual([r.raw, r.diagnostics], [y.raw, y.diagnostics]);
    }
  });

  it('an absent enum field is missing_field (not "undefined is not allowed")', () => {
    const raw = parseSpecText(exampleText('support_escalation.yaml')).raw as { labels: Record<string, unknown> };
    delete raw.labels.difficulty;
    const r = checkSpecValue(raw);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.path, d.message]),
      [['missing_field', 'labels.difficulty', 'required field is missing (one of "easy", "medium", "hard")']],
    );
  });

  it('a matcher no branch accepts says what a matcher is', () => {
    const raw = parseSpecText(exampleText('support_escalation.yaml')).raw as { checks: Record<string, unknown>[] };
    const at = raw.checks.findIndex((c) => c.kind === 'audit_present');
    raw.checks[at] = { ...raw.checks[at], where: { to: { contain: 'x' } } };
    const typo = checkSpecValue(raw).diagnostics;
    assert.deepEqual(
      typo.map((d) => [d.code, d.path]),
      [['unknown_field', `checks[${at}].where.to.contain`]],
    );
    assert.match(
      typo[0]?.message ?? '',
      /did you mean contains\? \(allowed: equals, in, contains, regex, not, all_of, any_of, gt, gte, lt, lte, approx, abs, rel, before, after, within, business_hours, free_in, set_equals, subset_of, superset_of, language\); a matcher is a plain value or an object with exactly one of equals, in, contains, regex, not, all_of, any_of, gt\/gte\/lt\/lte, approx, before\/after, within, business_hours, free_in, set_equals, subset_of, superset_of, language$/,
    );
    raw.checks[at] = { ...raw.checks[at], where: { to: { contains: 'x', regex: 'y' } } };
    assert.deepEqual(
      checkSpecValue(raw).diagnostics.map((d) => [d.code, d.path, d.message]),
      [
        [
          'invalid_value',
          `checks[${at}].where.to`,
          'a matcher is a plain value or an object with exactly one of equals, in, contains, regex, not, all_of, any_of, gt/gte/lt/lte, approx, before/after, within, business_hours, free_in, set_equals, subset_of, superset_of, language',
        ],
      ],
    );
  });

  it('reports YAML syntax errors as parse_error with a position and no raw value', () => {
    const r = parseSpecText('spec_version: 1\nid: [unclosed\ntitle: x\n');
    assert.equal(r.spec, undefined);
    assert.equal(r.raw, undefined);
    assert.ok(r.diagnostics.length >= 1);
    for (const d of r.diagnostics) {
      assert.equal(d.code, 'parse_error');
      assert.equal(d.path, '(root)');
      assert.equal(d.owner, 'builder');
      assert.ok((d.line ?? 0) >= 2, `line ${d.line}`);
    }
  });

  it('rejects a document that is not a mapping', () => {
    const r = parseSpecText('- a\n- b\n');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.path]),
      [['invalid_type', '(root)']],
    );
  });

  it('routes check problems to the verifier and the rest to the builder', () => {
    const raw = parseSpecText(exampleText('support_escalation.yaml')).raw as Record<string, unknown> & {
      checks: Record<string, unknown>[];
    };
    const c0 = raw.checks[0];
    assert.ok(c0);
    c0.weight = 2;
    raw.titel = 'typo';
    const r = checkSpecValue(raw);
    assert.deepEqual(r.diagnostics.map((d) => [d.code, d.path, d.owner]).sort(), [
      ['out_of_range', 'checks[0].weight', 'verifier'],
      ['unknown_field', 'titel', 'builder'],
    ]);
    assert.match(r.diagnostics.find((d) => d.path === 'titel')?.message ?? '', /did you mean title\?/);
  });

  it('finds duplicate ids across checks and judge items', () => {
    const raw = parseSpecText(exampleText('support_escalation.yaml')).raw as Record<string, unknown>;
    raw.judge = [{ id: 'reported', rubric: 'Polite tone.', weight: 1 }];
    const r = checkSpecValue(raw);
    assert.ok(r.spec, 'a duplicate id is a diagnostic, not a schema failure');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.path, d.owner, d.message]),
      [['duplicate_id', 'judge[0].id', 'verifier', 'id "reported" is already used at checks[4].id']],
    );
  });
});

describe('taxonomy (Cowork-Gym App. A)', () => {
  const capabilities = [
    'Logic_Reasoning',
    'Math_Scientific',
    'Code_Manipulation',
    'Tool_Calling',
    'Knowledge_Retrieval',
    'Web_Browsing',
    'Data_Analysis',
    'Content_Generation',
    'Multimodal_Perception',
    'Multimedia_Processing',
    'Calendar_Scheduling',
    'Email_Communication',
    'File_Management',
    'Security_Awareness',
    'Agent_Self_Config',
    'Translation',
    'Spatial_Visual_Reasoning',
  ];
  const domains = [
    'Office_Productivity',
    'Information_Retrieval',
    'Finance_Investment',
    'Software_Engineering',
    'Data_Science',
    'Content_Media',
    'Safety_Compliance',
    'Automation_Platform',
    'Travel_Lifestyle',
    'Education_Knowledge',
    'Legal',
    'Healthcare',
    'Manufacturing_Engineering',
    'Multimodal_Generation',
  ];

  it('has exactly the 17 capability labels with their exact spellings', () => {
    assert.equal(CAPABILITIES.length, 17);
    assert.deepEqual([...CAPABILITIES], capabilities);
  });

  it('has exactly the 14 scenario domains with their exact spellings, each with subdomains', () => {
    assert.equal(SCENARIO_DOMAINS.length, 14);
    assert.deepEqual([...SCENARIO_DOMAINS], domains);
    for (const d of SCENARIO_DOMAINS) assert.ok(SCENARIOS[d].length >= 2, d);
  });

  it('the spec schema accepts every label and domain and rejects other spellings', () => {
    const base = makeSpec({ services: ['gmail'] });
    const input = (labels: Record<string, unknown>) => ({ ...base, labels: { ...base.labels, ...labels } });
    assert.equal(TaskSpec.safeParse(input({ capabilities })).success, true);
    for (const d of domains) assert.equal(TaskSpec.safeParse(input({ scenario: `${d}/Sub/Leaf` })).success, true, d);
    const lower = checkSpecValue(input({ capabilities: ['tool_calling'] }));
    assert.deepEqual(
      lower.diagnostics.map((d) => [d.code, d.path]),
      [['invalid_value', 'labels.capabilities[0]']],
    );
    assert.match(lower.diagnostics[0]?.message ?? '', /did you mean Tool_Calling\?/);
    for (const scenario of ['office_productivity/Email', 'Office_Productivity/A/B/C', 'Finance']) {
      const r = checkSpecValue(input({ scenario }));
      assert.deepEqual(
        r.diagnostics.map((d) => d.path),
        ['labels.scenario'],
        scenario,
      );
    }
  });
});

type Schema = Record<string, unknown>;

/** Every object schema in a JSON Schema tree, with its path. */
function objectSchemas(node: unknown, path = '#', out: [string, Schema][] = []): [string, Schema][] {
  if (Array.isArray(node)) node.forEach((n, i) => objectSchemas(n, `${path}/${i}`, out));
  else if (node && typeof node === 'object') {
    const s = node as Schema;
    if (s.type === 'object' && s.properties) out.push([path, s]);
    for (const [k, v] of Object.entries(s)) objectSchemas(v, `${path}/${k}`, out);
  }
  return out;
}

describe('JSON Schema export', () => {
  const schema = taskSpecJsonSchema();
  const props = schema.properties as Record<string, Schema>;

  it('is a draft 2020-12 schema with an id and title', () => {
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(schema.$id, 'https://coworkenv.dev/schema/taskspec-v1.json');
    assert.equal(schema.type, 'object');
    assert.equal(schema.additionalProperties, false);
    assert.doesNotThrow(() => JSON.parse(JSON.stringify(schema)));
  });

  it('requires only the fields without defaults', () => {
    assert.deepEqual([...(schema.required as string[])].sort(), [
      'family',
      'id',
      'labels',
      'mock_today',
      'request',
      'services',
      'spec_version',
      'title',
    ]);
    assert.deepEqual(props.labels?.required, ['capabilities', 'scenario', 'difficulty']);
    assert.equal(props.limits?.required, undefined);
    const objects = objectSchemas(schema);
    assert.ok(objects.length > 20);
    for (const [path, s] of objects) {
      const required = new Set((s.required as string[] | undefined) ?? []);
      for (const [name, p] of Object.entries(s.properties as Record<string, Schema>)) {
        if ('default' in p) assert.ok(!required.has(name), `${path}/${name} has a default but is required`);
      }
    }
  });

  it('describes every check kind and the exact taxonomy enums', () => {
    const branches = ((props.checks?.items as Schema).oneOf ?? (props.checks?.items as Schema).anyOf) as Schema[];
    const kinds = branches.map((b) => ((b.properties as Record<string, Schema>).kind as Schema).const);
    assert.deepEqual(kinds, CHECK_KIND_NAMES);
    const toolCalled = branches[0] as Schema;
    assert.deepEqual(toolCalled.required, ['id', 'weight', 'kind', 'tool']);
    const labels = props.labels?.properties as Record<string, Schema>;
    assert.deepEqual((labels.capabilities?.items as Schema).enum, [...CAPABILITIES]);
    assert.deepEqual((labels.difficulty as Schema).enum, ['easy', 'medium', 'hard']);
  });
});

describe('guarded parsing: size, depth and alias limits are parse_error diagnostics, never a crash', () => {
  const first = (text: string) => {
    const r = parseSpecText(text);
    assert.equal(r.spec, undefined);
    return r.diagnostics[0];
  };
  const nest = (k: number, inner: string) => `${'['.repeat(k)}${inner}${']'.repeat(k)}`;

  it('nesting beyond 100 levels in every YAML form is reported where it passes the limit', () => {
    const deep = /^collections nest deeper than 100 levels; /;
    const cases: [string, string, number, number][] = [
      ['block sequence on one line', `${'- '.repeat(20_000)}x`, 1, 201],
      ['flow mappings', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, 1, 501],
      [
        'indented block mappings',
        `${Array.from({ length: 150 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1`,
        101,
        101,
      ],
    ];
    for (const [name, text, line, col] of cases) {
      const d = first(text);
      assert.deepEqual([d?.code, d?.path, d?.line, d?.col], ['parse_error', '(root)', line, col], name);
      assert.match(d?.message ?? '', deep, name);
    }
    assert.ok(parseSpecText(`a: ${nest(99, '1')}`).doc, '100 levels (the mapping and 99 sequences) are fine');
  });

  it('anchors that nest each other are checked after resolving, with the path; alias bombs at the first alias', () => {
    const chained = [`a0: &a0 ${nest(45, '1')}`, `a1: &a1 ${nest(45, '*a0')}`, `a2: ${nest(45, '*a1')}`].join('\n');
    const d = first(chained);
    assert.deepEqual([d?.line, d?.col], [3, 50]);
    assert.match(
      d?.message ?? '',
      /^collections nest deeper than 100 levels at a2\[0\]\[0\]\[0\]…\(100 levels\) \(after resolving aliases\)/,
    );
    const bomb = [
      'a0: &a0 [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 6 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
    ].join('\n');
    const b = first(bomb);
    assert.deepEqual([b?.code, b?.line, b?.col], ['parse_error', 2, 10]);
    assert.match(b?.message ?? '', /YAML aliases expand more than 100 times/);
    assert.match(first('a: *missing')?.message ?? '', /alias|anchor/i);
  });

  it('a document over 16 MiB is refused before parsing; a value nested deep (JSON.parse, an LLM) before zod', () => {
    const big = first(`request: "${'x'.repeat(16 * 1024 * 1024)}"`);
    assert.match(big?.message ?? '', /^the document is 16777227 bytes; a task spec holds at most 16777216 bytes/);
    const deep = checkSpecValue(JSON.parse(`{"id": "x", "fixtures": ${nest(50_000, '')}}`));
    assert.equal(deep.spec, undefined);
    assert.match(
      deep.diagnostics[0]?.message ?? '',
      /^collections nest deeper than 100 levels at fixtures\[0\]\[0\]\[0\]…\(100 levels\)/,
    );
  });

  it('a second YAML document is refused', () => {
    const d = first('id: a\n---\nid: b\n');
    assert.deepEqual([d?.code, d?.line], ['parse_error', 2]);
    assert.match(d?.message ?? '', /more than one YAML document/);
  });
});

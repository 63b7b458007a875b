import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { languageOf } from '../../../grade/language.js';
import { SCENARIOS, type Difficulty } from '../../../schema/taxonomy.js';
import { runGate } from '../../../validate/index.js';
import { normalText } from '../../../validate/traceability.js';
import { comparable, playReference } from '../../../validate/replay.js';
import type { TaskSpec } from '../../../schema/task-spec.js';
import type { JudgeRequest } from '../../../grade/types.js';
import { compileRecipe } from '../compile/index.js';
import { chooseRecipe } from '../recipe.js';
import { PARTS } from '../registry.js';
import { makeWorld } from '../world.js';
import { matterOf } from './multilingual.js';
import { ISO, LANGS, PARTNERS, partnerMessage, replyIn, TOPICS } from './multilingual-text.js';

// partners' messages in five languages: every message and every reply reads as its language to the language
// identifier the checks use; tasks on them pass the gate; a reply in English, or one without the order reference,
// fails its check.

const src = PARTS.sources.find((s) => s.name === 'partner_mails');

// a gated task on the partners' messages whose work is `action`: the first seed whose draft takes it (an easy draft
// may report instead of acting)
async function gatedTask(action: string, difficulty: Difficulty): Promise<TaskSpec> {
  assert.ok(src);
  const only = { ...PARTS, sources: [src], actions: PARTS.actions.filter((a) => a.name === action) };
  let seed = 0;
  let recipe = chooseRecipe(createRng(action, difficulty, seed), { domain: 'Office_Productivity', difficulty }, only);
  while (recipe.action?.name !== action)
    recipe = chooseRecipe(createRng(action, difficulty, ++seed), { domain: 'Office_Productivity', difficulty }, only);
  const w = makeWorld(createRng(action, difficulty), 'Office_Productivity', difficulty, '2026-03-10T09:00:00Z');
  const raw = compileRecipe({
    id: `${action}_${difficulty}`,
    w,
    recipe,
    scenario: 'Office_Productivity/Email',
    lead: 'Translation',
    parts: only,
  });
  const report = await runGate({ raw });
  assert.ok(report.ok, JSON.stringify(report.diagnostics.filter((d) => d.severity !== 'warning').slice(0, 2)));
  return report.spec as TaskSpec;
}

describe('partner messages in other languages', () => {
  it('read as their language, message and reply alike, in every topic and drawn variant', () => {
    for (const lang of LANGS)
      for (const topic of TOPICS)
        for (let k = 0; k < 6; k++) {
          const rng = createRng('ml', lang, topic, k);
          const m = { ref: 'PO-12345', amount: '1.250,00 €', day: '2026-03-02', units: 240 };
          const { subject, body, english } = partnerMessage(rng, lang, topic, m, { person: 'A. B.', company: 'C' });
          // its English says the same, part for part: the reference, the figures, in English
          assert.equal(languageOf(english), 'en', english);
          for (const x of ['PO-12345', '240', m.amount, m.day])
            if (body.includes(x)) assert.ok(english.includes(x), `${lang} ${topic}: ${x} in ${english}`);
          assert.ok(subject.length >= 2, subject);
          assert.equal(languageOf(body), ISO[lang], `${lang} ${topic}: ${body}`);
          assert.ok(body.includes('PO-12345') && body.includes('240'), body);
          const reply = replyIn(lang, m, 'A. B.', topic, '2026-03-13');
          assert.equal(languageOf(reply), ISO[lang], reply);
        }
  });

  it('name a day before the message was sent for what already happened, and after it for how long a price holds', () => {
    for (let k = 0; k < 200; k++) {
      const topic = TOPICS[k % TOPICS.length] as (typeof TOPICS)[number];
      const w = makeWorld(createRng('ml-day', k), 'Office_Productivity', 'medium', '2026-03-10T09:00:00Z');
      const date = `2026-03-0${1 + (k % 9)}T10:00:00Z`;
      const m = matterOf({ language: LANGS[k % LANGS.length], topic, date, units: 200 }, w);
      if (topic === 'price') assert.ok(m.day > date.slice(0, 10), `price valid after ${m.day}, sent ${date}`);
      else assert.ok(m.day < date.slice(0, 10), `${topic} on ${m.day}, told in a message of ${date}`);
    }
  });

  it('quote in the currency of the partner’s country, not of its language (a Mexican partner in pesos)', () => {
    const w = makeWorld(createRng('ml-money', 1), 'Office_Productivity', 'medium', '2026-03-10T09:00:00Z');
    const quote = (language: string, domain: string) =>
      matterOf({ language, topic: 'invoice', date: '2026-03-05T10:00:00Z', units: 200 }, w, new Set(), {
        company: 'X',
        person: 'Y',
        domain,
      }).amount;
    assert.match(quote('Spanish', 'alameda.mx'), /^\$[\d,]+\.\d\d MXN$/);
    assert.match(quote('Spanish', 'dibericas.es'), /€/);
    assert.match(quote('German', 'alpenhandel.at'), /€/);
    assert.match(quote('Japanese', 'sakura-shoji.jp'), /￥|¥/);
    for (const who of Object.values(PARTNERS).flat())
      assert.doesNotMatch(quote('Spanish', who.domain), /undefined|NaN/, who.domain);
  });

  it('translations: tasks pass the gate; an untranslated copy or one without the glossary term fails', async () => {
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      const spec = await gatedTask('translate_message', difficulty);
      const i = spec.reference.findIndex((s) => 'call' in s && s.call === 'fs_write');
      const step = spec.reference[i] as unknown as { args: { path: string; content: string } };
      const original = (spec.fixtures.gmail?.messages as { message_id: string; body: string }[]).find((m) =>
        step.args.path.includes(m.message_id),
      );
      const write = (content: string) =>
        spec.reference.map((s, k) => (k === i && 'call' in s ? { ...s, args: { ...s.args, content } } : s));
      const [head = ''] = step.args.content.split('\n');
      for (const [why, content] of [
        ['left in the original language', `${head}\n\n${original?.body}`],
        ['without the glossary term', step.args.content.replace(/^[^:]+:/, 'Order:')],
      ] as const)
        assert.ok(
          comparable((await playReference(spec, write(content))).trajectory) < 0.75,
          `${difficulty}: ${why} passes`,
        );
    }
  });

  it('routing by language: tasks pass the gate; a message forwarded to another language desk, or without a body, fails', async () => {
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      const spec = await gatedTask('route_by_language', difficulty);
      const desks = [...spec.request.matchAll(/[\w.]+@[\w.-]+\.example/g)].map((m) => m[0]);
      const i = spec.reference.findIndex(
        (s) => 'call' in s && s.call === 'gmail_send_message' && String(s.args.subject).startsWith('Fwd:'),
      );
      const step = spec.reference[i] as unknown as { args: { to: string } };
      const wrong = desks.find((d) => d !== step.args.to) as string;
      const steps = spec.reference.map((s, k) =>
        k === i && 'call' in s ? { ...s, args: { ...s.args, to: wrong } } : s,
      );
      assert.ok(
        comparable((await playReference(spec, steps)).trajectory) < 0.75,
        `${difficulty}: the wrong desk passes`,
      );
      // the desk is told who wrote: forwards with empty bodies fail
      const empty = spec.reference.map((s) =>
        'call' in s && s.call === 'gmail_send_message' && String(s.args.subject).startsWith('Fwd:')
          ? { ...s, args: { ...s.args, body: '' } }
          : s,
      );
      assert.ok(
        comparable((await playReference(spec, empty)).trajectory) < 0.75,
        `${difficulty}: forwards with empty bodies pass`,
      );
    }
  });

  it('compile tasks that pass the gate; an English reply or one without the reference fails', async () => {
    assert.ok(src);
    const only = { ...PARTS, sources: [src] };
    const failures: string[] = [];
    for (const [j, difficulty] of (['easy', 'medium', 'hard'] as Difficulty[]).entries()) {
      const recipe = chooseRecipe(createRng('ml-recipe', j), { domain: 'Office_Productivity', difficulty }, only);
      const w = makeWorld(createRng('ml-world', j), 'Office_Productivity', difficulty, '2026-03-10T09:00:00Z');
      const raw = compileRecipe({
        id: `ml_${difficulty}`,
        w,
        recipe,
        scenario: `Office_Productivity/${SCENARIOS.Office_Productivity[0]}`,
        lead: 'Translation',
        parts: only,
      });
      const report = await runGate({ raw });
      if (!report.ok) {
        failures.push(
          `${difficulty}: ${JSON.stringify(report.diagnostics.filter((d) => d.severity !== 'warning').slice(0, 2))}`,
        );
        continue;
      }
      const spec = report.spec as TaskSpec;
      if (recipe.action?.name !== 'reply_in_language') continue;
      const drafts = spec.reference.flatMap((s, i) => ('call' in s && s.call === 'gmail_save_draft' ? [i] : []));
      assert.ok(drafts.length > 0);
      const mutate = (body: (b: string) => string) =>
        spec.reference.map((s, i) =>
          i === drafts[0] && 'call' in s ? { ...s, args: { ...s.args, body: body(String(s.args.body)) } } : s,
        );
      const english = mutate(
        (b) =>
          `Hello, thanks for your message about ${b.match(/PO-\d+/)?.[0]}. We are looking into it and will answer in full shortly.`,
      );
      const noRef = mutate((b) => b.replace(/PO-\d+/g, 'your order'));
      for (const [why, steps] of [
        ['English', english],
        ['no reference', noRef],
      ] as const)
        assert.ok(comparable((await playReference(spec, steps)).trajectory) < 0.75, `${difficulty}: ${why} passes`);
    }
    assert.deepEqual(failures, []);
  });

  it('a reply or a translation carries a judged fluency part: its rubric quotes each message, the judge reads the work', async () => {
    for (const [action, over, shows] of [
      ['reply_in_language', 'audit', 'gmail_save_draft'],
      ['translate_message', 'files', 'translations/'],
    ] as const) {
      const spec = await gatedTask(action, 'medium');
      const fluency = spec.checks.find((c) => c.id === 'fluency');
      assert.ok(fluency?.kind === 'llm_judge', `${action}: no fluency check`);
      assert.equal(fluency.weight, 0.1);
      assert.equal(fluency.over, over);
      // each message it judges is quoted (the judge needs the original beside the reply or translation)
      const bodies = (spec.fixtures.gmail?.messages as { message_id: string; body: string }[]).filter((m) =>
        fluency.rubric.includes(`${m.message_id} (`),
      );
      assert.ok(bodies.length > 0);
      for (const m of bodies) assert.ok(fluency.rubric.includes(m.body), `${action}: ${m.message_id} not quoted`);
      assert.ok(fluency.trace && normalText(spec.request).includes(normalText(fluency.trace.clause)));
      // offline the grade says the judged share is open; the code part is whole
      const offline = (await playReference(spec)).trajectory.grade;
      assert.equal(offline?.status, 'judge_unavailable');
      assert.equal(offline?.unavailable?.judged_share, 0.1);
      assert.equal(offline?.code, 1);
      // a judge sees the work: a fluent reply scores 1, a stilted one less
      const seen: JudgeRequest[] = [];
      const judge = (score: number) => ({
        name: 'fake',
        judge: async (req: JudgeRequest) => {
          seen.push(req);
          return { score, reasoning: 'read' };
        },
      });
      assert.equal((await playReference(spec, spec.reference, judge(1))).trajectory.grade?.score, 1);
      assert.ok(
        seen.some((r) => r.item_id === 'fluency' && r.material.includes(shows)),
        `${action}: material`,
      );
      const stilted = (await playReference(spec, spec.reference, judge(0.5))).trajectory.grade;
      assert.ok((stilted?.score ?? 1) < 1 && stilted?.status === 'ok');
    }
  });
});

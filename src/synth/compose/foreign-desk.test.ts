import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng, type Rng } from '../../env/rng.js';
import { languageOf } from '../../grade/language.js';
import type { TaskSpec, TaskSpecInput } from '../../schema/task-spec.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { runGate } from '../../validate/index.js';
import { comparable, playReference } from '../../validate/replay.js';
import { compileRecipe } from './compile/index.js';
import { DESK } from './desks/index.js';
import { chooseRecipe, type Recipe } from './recipe.js';
import type { Parts } from './parts.js';
import { PARTS } from './registry.js';
import { ISO, type Lang, LANGS } from './sources/multilingual-kinds.js';
import { makeWorld } from './world.js';

// requests written by a colleague on a partner-language desk, in that language (issue 28): each of the five
// languages gives tasks that pass the whole gate, read as that language, are labelled with it, and whose
// simulated colleague and reference reply speak it; a part the desk texts do not cover keeps the request English.

const desk = {
  ...PARTS,
  sources: PARTS.sources.filter((s) => s.name === 'partner_mails'),
  joins: [],
  traps: [],
  policies: PARTS.policies.filter((p) => p.service !== null),
};

const made = new WeakMap<Parts<string>, Map<Difficulty, TaskSpecInput[]>>();

// the first seed whose task the desk of `lang` writes (a desk writes a share of the tasks it can, in a drawn language)
// and that `also` accepts
function deskTask(
  lang: Lang,
  difficulty: Difficulty,
  also: (raw: TaskSpecInput) => boolean = () => true,
  parts: Parts<string> = desk,
) {
  // the searches share what they compiled: each (parts, difficulty) seed is compiled once
  let byDifficulty = made.get(parts);
  if (!byDifficulty) made.set(parts, (byDifficulty = new Map()));
  let list = byDifficulty.get(difficulty);
  if (!list) byDifficulty.set(difficulty, (list = []));
  for (let seed = 0; seed < 600; seed++) {
    list[seed] ??= compiled(
      chooseRecipe(createRng('desk', difficulty, seed), { domain: 'Office_Productivity', difficulty }, parts),
      createRng('desk-w', difficulty, seed),
      difficulty,
      parts,
    );
    const raw = list[seed] as TaskSpecInput;
    if (raw.labels.language === ISO[lang] && also(raw)) return { raw, seed };
  }
  throw new Error(`no ${lang} desk task in 600 seeds`);
}

// the first of `difficulties` at which the desk of `lang` writes a task: a hard recipe's parts (a branch, a cap, a
// late change) are mostly ones the desk texts do not cover, so a hard desk task in one language is a 1-in-200 draw
function deskTaskAt(lang: Lang, difficulties: readonly Difficulty[]) {
  for (const d of difficulties) {
    try {
      return deskTask(lang, d);
    } catch {
      // none at this difficulty in the seeds searched: the next
    }
  }
  throw new Error(`no ${lang} desk task at ${difficulties.join(', ')}`);
}

// a recipe's task in an Office_Productivity world drawn from `rng`
function compiled(recipe: Recipe, rng: Rng, difficulty: Difficulty, parts: Parts<string>): TaskSpecInput {
  const w = makeWorld(rng, 'Office_Productivity', difficulty, '2026-03-10T09:00:00Z');
  return compileRecipe({ id: 'desk', w, recipe, scenario: 'Office_Productivity/Email', lead: 'Translation', parts });
}

describe('requests from a partner-language desk', () => {
  it('in each of the five languages: pass the gate, read as their language, and the colleague speaks it too', async () => {
    for (const [i, lang] of LANGS.entries()) {
      const difficulty = (['easy', 'medium', 'hard'] as const)[i % 3] as Difficulty;
      const { raw } = deskTaskAt(lang, [difficulty, 'medium', 'easy']);
      const report = await runGate({ raw });
      assert.ok(
        report.ok,
        `${lang}: ${JSON.stringify(report.diagnostics.filter((d) => d.severity !== 'warning').slice(0, 2))}`,
      );
      const spec = report.spec as TaskSpec;
      // the request without the English names it quotes (titles, glossary terms, paths) is the desk's language; a
      // path is ASCII (in Chinese no space ends the word before it, so "\S+/" would take the sentence with it)
      const own = spec.request.replace(
        /[«„“"《「][^»“”"》」]*[»“”"》」]|\([^)]*\)|（[^）]*）|[\w.:-]+\/[\w./-]+/g,
        ' ',
      );
      assert.equal(languageOf(own), ISO[lang], `${lang}: ${spec.request}`);
      assert.equal(spec.labels.language, ISO[lang]);
      // every check traces to words of this request
      for (const c of spec.checks)
        if (c.trace?.in === 'request') assert.ok(spec.request.includes(c.trace.clause), `${lang}: ${c.trace.clause}`);
      const say = spec.reference.at(-1);
      // the reply the work ends with names the figure in the desk's words
      assert.ok(
        say && 'say' in say && Object.values(DESK[lang].label).some((l) => say.say.includes(l)),
        `${lang}: ${JSON.stringify(say)}`,
      );
      if (spec.user) {
        assert.match(spec.user.persona, new RegExp(`writes in ${lang}`));
        const wrap = spec.user.signals?.find((s) => s.id === 'wrap_up');
        assert.equal(wrap?.effect.say, DESK[lang].wrapUp);
      }
    }
  });

  it('the colleague alone knows where the deliverable goes: asked in the language (or in English), answers in it', async () => {
    const asks = (raw: TaskSpecInput) => !!raw.user?.signals?.some((s) => s.id === 'destination');
    for (const lang of ['Spanish', 'Japanese'] as const) {
      const { raw } = deskTask(lang, 'medium', asks);
      const report = await runGate({ raw });
      assert.ok(
        report.ok,
        `${lang}: ${JSON.stringify(report.diagnostics.filter((d) => d.severity !== 'warning').slice(0, 2))}`,
      );
      const spec = report.spec as TaskSpec;
      const question = spec.reference.find((s) => 'ask' in s);
      assert.ok(
        question &&
          'ask' in question &&
          question.ask === Object.values(DESK[lang].asking.question).find((q) => q === question.ask),
      );
      const signal = spec.user?.signals?.find((s) => s.id === 'destination');
      assert.match(String(signal?.effect.say), lang === 'Spanish' ? /^Usa / : /でお願いします。$/);
      // an agent asking in English is understood too, about the destination and nothing else
      const trigger = signal?.trigger as { asks_about: string[] };
      const heard = (q: string) => trigger.asks_about.some((w) => q.toLowerCase().includes(w.toLowerCase()));
      assert.ok(heard(String(question && 'ask' in question ? question.ask : '')));
      const destination = /^The (.+) to use is /.exec(spec.user?.knowledge?.[0] ?? '')?.[1];
      assert.ok(destination && heard(`Which ${destination} should I use for the summary?`), destination);
      assert.ok(!heard('Which section of the policy applies?'));
      assert.ok(
        spec.checks.some((c) => c.id === 'asked' && c.trace?.in === 'request' && spec.request.includes(c.trace.clause)),
      );
    }
  });

  it('an answer as the language writes it passes: its figure labelled in its words, decimals after a comma', async () => {
    const lastSay = (r: TaskSpecInput) => {
      const say = r.reference?.at(-1);
      return say && 'say' in say ? say.say : '';
    };
    // (a desk asks no bare count of what was handled any more: a figure of the orders themselves)
    const maxes = { ...desk, computations: PARTS.computations.filter((c) => c.name === 'max') };
    const cases: [Lang, RegExp, (f: string) => string][] = [
      ['German', /\d+\.\d\d\.$/, (f) => `Alles erledigt. Der Durchschnitt liegt bei ${f.replace('.', ',')} Stück.`],
      ['Spanish', /\d+\.\d\d\.$/, (f) => `Hecho: la media es de ${f.replace('.', ',')} unidades.`],
      // a figure reads beside its label, in the sentence the language makes of it
      ['Chinese', /[：:]\d+\D*$/, (f) => `都办好了，最大订购数量是${f}。`],
      ['Japanese', /(?:は|：)\d+\D*$/, (f) => `対応しました。最も多い注文数量は${f}件です。`],
    ];
    for (const [lang, shape, write] of cases) {
      const { raw } = deskTask(
        lang,
        'medium',
        (r) => shape.test(lastSay(r)),
        /[：:は]/.test(shape.source) ? maxes : desk,
      );
      const spec = (await runGate({ raw })).spec as TaskSpec;
      const fact = /(\d+(?:\.\d+)?)\D*$/.exec(lastSay(spec))?.[1] ?? '';
      const steps = spec.reference.map((s, k) => (k === spec.reference.length - 1 ? { say: write(fact) } : s));
      const t = (await playReference(spec, steps)).trajectory;
      assert.ok(comparable(t) >= spec.scoring.pass_threshold, `${lang}: "${write(fact)}" fails`);
      // and a wrong figure written the same way does not pass
      const wrong = spec.reference.map((s, k) =>
        k === spec.reference.length - 1 ? { say: write(String(Number(fact) + 7)) } : s,
      );
      assert.ok(
        comparable((await playReference(spec, wrong)).trajectory) < spec.scoring.pass_threshold,
        `${lang}: a wrong figure passes`,
      );
    }
  });

  it('a desk task still fails when the work is not done: the reference without its last action scores below the line', async () => {
    const { raw } = deskTask('German', 'medium');
    const spec = (await runGate({ raw })).spec as TaskSpec;
    const lastAct = spec.reference.findLastIndex((s) => 'call' in s && /save_draft|fs_write|send_message/.test(s.call));
    const steps = spec.reference.filter((_, k) => k !== lastAct);
    assert.ok(comparable((await playReference(spec, steps)).trajectory) < spec.scoring.pass_threshold);
  });

  it('a task with a part the desk texts do not cover (a second action, a rule stated in the request) keeps its request English', () => {
    const parts = { ...desk, policies: PARTS.policies };
    let uncovered = 0;
    for (let seed = 0; seed < 300 && uncovered < 20; seed++) {
      const difficulty = seed % 2 ? 'hard' : 'easy';
      const recipe = chooseRecipe(
        createRng('desk-uncovered', seed),
        { domain: 'Office_Productivity', difficulty },
        parts,
      );
      if (!recipe.branch && recipe.policy.service !== null) continue;
      uncovered++;
      assert.equal(compiled(recipe, createRng('desk-uncovered-w', seed), difficulty, parts).labels.language, 'en');
    }
    assert.ok(uncovered > 0);
  });
});

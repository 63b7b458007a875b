import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { SCENARIO_DOMAINS } from '../../schema/taxonomy.js';
import type { SourcePart } from './parts.js';
import { inbox, teamWorld } from './backgrounds.js';
import { makeWorld } from './world.js';

type Mail = { subject: string; body: string };

describe('background inbox', () => {
  it('draws its threads from working meetings only: notes, slides and a stand-in fit no team dinner', () => {
    for (const domain of SCENARIO_DOMAINS) {
      const w = makeWorld(createRng(1), domain, 'medium', '2026-06-10T09:00:00Z');
      for (const m of w.vocab.meetings)
        assert.doesNotMatch(m, /\b(?:dinner|lunch|party|drinks|social|celebration|outing)\b/, `${domain}: ${m}`);
    }
  });

  it('gives meetings and workstreams the threads that fit them, never two threads of one kind', () => {
    let mails = 0;
    for (const domain of SCENARIO_DOMAINS)
      for (let seed = 1; seed <= 40; seed++) {
        const w = makeWorld(createRng(seed), domain, 'medium', '2026-06-10T09:00:00Z');
        const topic = w.vocab.topics[0] as string;
        const { messages } = inbox.records(w, topic) as { messages: Mail[] };
        const subjects = messages.map((m) => m.subject.replace(/^Re: /, ''));
        assert.equal(new Set(subjects).size, subjects.length, `${domain} ${seed}: ${subjects.join(' | ')}`);
        for (const m of messages) {
          mails++;
          assert.doesNotMatch(m.body, /\bwork work\b/, `${domain}: ${m.body}`);
          // a thing that happens on a day is moved, prepared for and minuted; a workstream is not
          for (const [, thing] of m.body.matchAll(
            /(?:moved the|slides for the|stepping in at the) ([^.,;—?]+?)(?: to \w+day)?\s*[.,;—?]/gi,
          ))
            assert.ok(w.vocab.meetings.includes(thing as string), `${domain}: "${thing}" is no meeting: ${m.body}`);
          // and a workstream is named as work: "the infection control is on track" reads as no English
          for (const [, thing] of m.body.matchAll(
            /(?:scope of the|covering the|draft for the|waiting on .+? for the|\bthe(?= [^.,]+ is on track)) ([^.,]+?)(?: this morning| while| on the| is on track|[.,])/gi,
          ))
            assert.ok(
              [topic, ...w.vocab.topics].some((t) => thing === (/\bwork$/.test(t) ? t : `${t} work`)),
              `${domain}: "${thing}" is no workstream's work: ${m.body}`,
            );
        }
      }
    assert.ok(mails > 14 * 40);
  });

  it('names a workstream already called work once: "the drainage work", never "the drainage work work"', () => {
    let seen = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const base = makeWorld(createRng(seed), 'Manufacturing_Engineering', 'medium', '2026-06-10T09:00:00Z');
      const w = teamWorld(base, { name: 'field_plots' } as SourcePart);
      const { messages } = inbox.records(w, 'drainage work') as { messages: Mail[] };
      for (const m of messages) {
        assert.doesNotMatch(m.body, /\bwork work\b/, m.body);
        if (/drainage work\b/.test(m.body)) seen++;
      }
    }
    assert.ok(seen > 0, 'a thread names the drainage work');
  });

  it('names a partner whose trade serves the workstream: no vet for a ward, no print works for an office move', () => {
    const cases: [string, string, RegExp][] = [
      ['Healthcare', 'ward_beds', /Veterinary|Vet/],
      ['Office_Productivity', '', /Print Works|Dental|Schools|Catering|Freight/],
      ['Travel_Lifestyle', 'household_bills', /Air Charter|Hotels|Rail Tours|Concierge|Events/],
    ];
    for (const [domain, team, wrong] of cases)
      for (let seed = 1; seed <= 60; seed++) {
        const base = makeWorld(
          createRng(seed),
          domain as (typeof SCENARIO_DOMAINS)[number],
          'medium',
          '2026-06-10T09:00:00Z',
        );
        const w = team ? teamWorld(base, { name: team } as SourcePart) : base;
        const topic = team ? (w.vocab.topics[seed % w.vocab.topics.length] as string) : 'office move';
        const { messages } = inbox.records(w, topic) as { messages: Mail[] };
        // (an office's clients stay its partners for its planning: the move has a trade of its own)
        for (const m of messages)
          for (const [, firm, stream] of m.body.matchAll(/waiting on (.+?) for the ([^.,]+?) work/g))
            if (team || stream === 'office move')
              assert.ok(!wrong.test(firm as string), `${domain} ${stream}: ${firm}`);
      }
    const vet = teamWorld(makeWorld(createRng(1), 'Healthcare', 'medium', '2026-06-10T09:00:00Z'), {
      name: 'vaccinations',
    } as SourcePart);
    assert.ok(
      Object.values(vet.vocab.partners ?? {})
        .flat()
        .some((f) => /Vet/.test(f)),
    );
  });
});

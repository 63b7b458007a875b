import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import { PAGE_TITLES } from './multimodal-generation-titles.js';
import { PAGE_SECTIONS, subjectOf } from './page-copy-data.js';
import { copyDeck, copyDeckText } from './studio-material.js';

const world = (k: number) =>
  makeWorld(createRng('page-copy', k), 'Multimodal_Generation', 'medium', '2026-06-17T09:00:00Z');
const page = (template: string, title: string, k: number) => ({
  build_id: `WEB-${1000 + k}`,
  template,
  page_title: title.replace('{Season}', 'Spring'),
});

describe('a page build’s copy deck', () => {
  it('names every page title’s own subject, one per title', () => {
    for (const [template, titles] of Object.entries(PAGE_TITLES)) {
      const subjects = titles.map((t) => subjectOf(t.replace('{Season}', 'Spring')));
      assert.ok(subjects.every(Boolean), `${template}: ${titles[subjects.indexOf(undefined)]}`);
      assert.equal(new Set(subjects).size, subjects.length, template);
    }
  });

  it('writes every line about the page’s subject, with no apostrophe or ampersand', () => {
    for (const sections of Object.values(PAGE_SECTIONS))
      for (const [, lines] of sections) for (const l of lines) assert.ok(l.includes('{it}') && !/['’&]/.test(l), l);
  });

  it('states no clock time, which an event of another hour would contradict', () => {
    for (const sections of Object.values(PAGE_SECTIONS))
      for (const [, lines] of sections)
        for (const l of lines) assert.doesNotMatch(l, /\b\d{1,2}[:.]\d\d\b|\b[ap]\.?m\b/i, l);
  });

  it('shares no line between two pages of one task', () => {
    for (const [template, titles] of Object.entries(PAGE_TITLES))
      for (let k = 0; k < 20; k++) {
        const w = world(k);
        const seen = new Map<string, string>();
        for (const [i, t] of titles.entries())
          for (const line of copyDeckText(page(template, t, i), w)
            .split('\n')
            .filter((l) => l && !l.startsWith('#'))) {
            assert.ok(!seen.has(line), `${t} and ${seen.get(line)}: ${line}`);
            seen.set(line, t);
          }
      }
  });

  it('holds only the sections a page of its type has', () => {
    for (let k = 0; k < 40; k++) {
      const webinar = copyDeck(page('event page', 'Webinar series hub', k), world(k)).map(([h]) => h);
      assert.ok(!webinar.includes('Venue and travel'), webinar.join(', '));
      const summit = copyDeck(page('event page', 'Customer summit 2026', k), world(k)).map(([h]) => h);
      assert.ok(!summit.includes('How to join'), summit.join(', '));
      const team = copyDeck(page('blog post', 'Meet the support team', k), world(k)).map(([h]) => h);
      assert.ok(!team.includes('What we changed'), team.join(', '));
    }
  });
});

import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import type { Rec } from '../parts.js';

// The texts a creative studio's jobs carry (multimodal-generation.ts): a design brief, a chart's spec, a video
// editor's notes, a web build's notes, each a content plan in the terse way a studio writes them.

// the sizes a deliverable is made in: a leaderboard banner is 728×90, never a 1920×1080 screen
const SIZES: Readonly<Record<string, readonly string[]>> = {
  'social graphic': ['1080×1080 and 1200×628', '1080×1350 and 1080×1920'],
  'banner ad': ['728×90 and 300×250', '970×250 and 320×50'],
  poster: ['A3 and A4', 'A2 portrait'],
  'slide template': ['16:9 at 1920×1080', '16:9, with a 4:3 fallback'],
};

export function brief(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const sizes = SIZES[String(rec?.deliverable)] ?? ['as in the brand guide'];
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'audience: existing customers',
          `sizes ${rng.pick(sizes)}`,
          'copy from marketing attached',
          'use the current campaign palette',
        ),
        ...(term
          ? [oneOf(rng, `${term} needed`, `also: ${term}`, `please supply ${term}`, `requester asks for ${term}`)]
          : []),
        oneOf(
          rng,
          'logo lock-up from the brand hub',
          'no stock photos of handshakes',
          'one round of feedback expected',
          '',
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}

// a chart's spec as the requester wrote it: where the figures are (none yet on a request that needs data) and how
// it is drawn; nothing dated that a published chart would have outlived
export function chartSpec(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const waiting = rec?.status === 'needs data';
  return writePlan(
    rng,
    {
      facts: [
        waiting
          ? oneOf(rng, 'figures still to come from the requester', 'waiting on the final numbers from finance')
          : oneOf(rng, 'data in the linked sheet', 'figures as sent by the requester'),
        oneOf(
          rng,
          'brand palette, house font',
          `width ${rng.pick(['640', '960', '1200'])}px for the article`,
          'needs to work in greyscale print too',
          '',
        ),
        ...(term ? [oneOf(rng, `use ${term}`, `${term} required`, `requester wants ${term}`, `add ${term}`)] : []),
        oneOf(rng, 'axis starts at zero', 'title and subtitle in the brief', 'label the last point', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

/** An edit's notes; an internal cut (the all-hands video) has no client, its feedback comes from internal comms. */
export function editNotes(rng: Rng, term: string | undefined, _v?: unknown, rec?: Readonly<Rec>): string {
  const client = String(rec?.platform ?? '').startsWith('internal') ? 'internal comms' : 'client';
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `${client} wants it tighter in the middle`,
          'use the second take of the intro',
          'end card with the URL',
          'logo sting at the start',
        ),
        ...(term
          ? [oneOf(rng, `${term} to sort`, `waiting on ${term}`, `${client} asked about ${term}`, `redo the ${term}`)]
          : []),
        oneOf(rng, 'export in two versions', 'feedback due by Wednesday', 'rushes on the shared drive', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function buildNotes(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'copy signed off by marketing',
          'mobile layout needs another pass',
          'analytics tags in place',
          'images compressed',
        ),
        ...(term
          ? [oneOf(rng, `${term} outstanding`, `fix the ${term}`, `${term} done`, `check ${term} on staging`)]
          : []),
        oneOf(rng, 'QA checklist attached', 'accessibility audit booked', 'stakeholder review on Thursday', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

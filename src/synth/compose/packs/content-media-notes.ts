import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';

// The texts a publisher's records carry (content-media.ts): a desk note, a social post's copy, a picture's
// caption, an episode's show notes, each a content plan in the way a desk writes them.

export function deskNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'angle agreed at morning conference',
          'pictures from the agency',
          'sub to check the figures',
          `pegged to ${rng.pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday'])}'s announcement`,
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} — see the desk`,
                `note: ${term}`,
                // (a term is singular or plural: "embargoed figures", "a byline")
                `${term} to sort before it runs`,
                // only what carries legal risk goes to the lawyer: a picture request or a freelance does not
                ...(LEGAL_TERMS.includes(term) ? [`flag ${term} to the lawyer`] : [`${term}: ask the desk`]),
              ),
            ]
          : []),
        oneOf(rng, 'could run as the page lead', 'online first, print on Saturday', 'needs a standfirst', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

// the desk notes that carry legal risk (the rest are production matters)
const LEGAL_TERMS = ['right of reply', 'anonymous source', 'court reporting'];

export function postCopy(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'Now on the site',
          'Our team spent a month on this one',
          'The story everyone is talking about',
          'Worth ten minutes of your day',
        ),
        ...(term ? [oneOf(rng, `${term} this Friday`, `${term} 👇`, `don't miss the ${term}`)] : []),
        oneOf(rng, '#longread', '#news', 'read the full piece on our site', 'tag someone who needs this', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function caption(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          oneOf(rng, 'logged by the picture desk', 'metadata checked on import', 'picked from the contact sheet'),
          'credit line required',
          'cropped for the web',
          'usage approved by the picture editor',
        ),
        ...(term ? [oneOf(rng, `credit: ${term}`, `source: ${term}`, `supplied by ${term}`)] : []),
        oneOf(rng, 'caption approved by the desk', 'high-res on the server', 'alt text written', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function showNotes(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `guest: ${rng.pick(['Dr Maya Osei', 'Tom Adeyemi', 'Priya Shah', 'Colm Byrne', 'Ines Moreau'])}`,
          'chapters marked in the edit',
          'links to the stories we discuss',
          `recorded in studio ${rng.int(1, 3)}`,
        ),
        ...(term
          ? [oneOf(rng, `${term} to go in`, `${term} needed`, `check the ${term}`, `${term}: see the running order`)]
          : []),
        oneOf(rng, 'music cleared', 'host intro re-recorded', 'artwork approved', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

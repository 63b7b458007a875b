import type { Rng } from '../../env/rng.js';

// Text from content plans: a body is a set of facts (who, what, why, numbers) written out in one of several
// orders and registers, joined by varied connectives — so two records' notes share facts' kinds, not a
// template. Every generator's free text goes through here.

/** What a text says: its facts in no particular order, and optionally a lead and a closing line. */
export interface ContentPlan {
  /** the sentence that opens the text, if it has one ("Hi team,") */
  lead?: string;
  /** the facts, each a sentence or clause without its final stop */
  facts: readonly string[];
  /** a fact that must come first when present (the subject of a note) */
  first?: string;
  /** the closing line, if any ("Thanks, Ana") */
  close?: string;
}

export type Register = 'terse' | 'plain' | 'chatty' | 'formal';

// a plan's facts are a set, shuffled: nothing builds on the fact before it, so no join says one adds to the last
// ("Risks: FX and input costs. Furthermore, we model 9% revenue growth", "Thanks for stepping in. Also, it went
// well"); a chatty aside ("Oh, and", "By the way") says the next one is another matter, which it is
const CONNECT: Record<Register, readonly string[]> = {
  terse: ['; ', '. ', ' — '],
  plain: ['. ', '. ', '. ', '. '],
  chatty: ['. ', ' — and ', '. Oh, and ', '. By the way, '],
  formal: ['. ', '. ', '. ', '. '],
};

const cap = (s: string) => (s ? `${s[0]?.toUpperCase()}${s.slice(1)}` : s);
// a text may go on in lower case after a comma or a dash only when its first word is a common one: a name, "I", an
// acronym or a product ("Samir is covering", "IT asked", "Wi-Fi guest code") keeps its capital
const COMMON_START =
  /^(?:the|a|an|it|its|this|that|these|those|there|we|our|they|their|you|your|he|she|his|her|one|some|each|every|both|all|no|none|most|many|several|also|please|if|when|since|as|so|but|nothing|everything|someone|nobody)\b/i;
const continues = (s: string) => COMMON_START.test(s) && !/^[A-Z]{2}/.test(s);
const lower = (s: string) => (continues(s) ? `${s[0]?.toLowerCase()}${s.slice(1)}` : s);
// a fact asked as a question ends on a question mark, whatever joins the next one on
const QUESTION =
  /^(?:can|could|would|will|do|does|did|is|are|should|shall|may)\s+(?:you|we|i|someone|somebody|anyone|it|they|this|that|the)\b/i;
// a connective that adds to what came before ("Furthermore, ", "Oh, and ") needs a clause to add: never before a
// fragment ("no rush, any time before the day is fine")
const ADDS = /^(?:\. (?:also|furthermore|in addition|oh, and|by the way), | — and )$/i;
const FRAGMENT = /^(?:no|not)\b/i;

/** Writes a plan out: facts shuffled (the `first` fact stays first), joined as the register joins them. */
export function writePlan(
  rng: Rng,
  plan: ContentPlan,
  register: Register = rng.pick(['terse', 'plain', 'chatty', 'formal']),
): string {
  const facts = [...plan.facts];
  for (let i = facts.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [facts[i], facts[j]] = [facts[j] as string, facts[i] as string];
  }
  if (plan.first) facts.unshift(plan.first);
  let body = '';
  facts.forEach((f, i) => {
    if (i === 0) body = cap(f);
    else {
      // (a fact that opens with "also" takes no second one: never "Also, also writes to the CRM")
      const picked = rng.pick(CONNECT[register]);
      const plain = (/also\b/i.test(picked) && /^also\b/i.test(f)) || (ADDS.test(picked) && FRAGMENT.test(f));
      const c = plain ? '. ' : picked;
      if (QUESTION.test(facts[i - 1] as string)) body += `? ${cap(f)}`;
      else if (c.endsWith('. ')) body += `${c}${cap(f)}`;
      else body += continues(f) ? `${c}${lower(f)}` : `. ${cap(f)}`;
    }
  });
  if (body && !/[.!?]$/.test(body)) body += QUESTION.test(facts.at(-1) ?? '') ? '?' : '.';
  // terse runs on one line: after a greeting's comma the sentence goes on in lower case ("Hello, we are …")
  if (register === 'terse' && plan.lead?.endsWith(',')) body = lower(body);
  return [plan.lead, body, plan.close].filter(Boolean).join(register === 'terse' ? ' ' : '\n\n');
}

/** One of several wordings of the same fact. */
export const oneOf = (rng: Rng, ...xs: string[]): string => rng.pick(xs);

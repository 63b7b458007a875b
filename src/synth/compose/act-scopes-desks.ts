import type { Scope } from '../rules/draw.js';
import { scope } from './act-scopes-care.js';

// The categories an office desk's work is narrowed to (act-scopes.ts says what a scope is): a newsroom's beats and
// the readership of its weekly digest, the kit a loans desk checks on the bench or needs back.

export const DESK_SCOPES: Readonly<Record<string, Readonly<Record<string, readonly Scope[]>>>> = {
  // a follow-up is the coverage desk's beat: each reason says why these stories are the ones it follows up, not
  // that another desk follows the rest (review 29 §10)
  feed_articles: {
    'Follow-up': [
      scope(
        'category',
        ['regulation'],
        'a rule change alters what our clients must do by a date, so they need the follow-up before they ask',
      ),
      scope(
        'category',
        ['markets', 'industry'],
        'our clients trade on market and industry moves, so those are the stories their questions come from',
      ),
    ],
    // (the weekly digest a desk puts out is one readership's: its sections are what that readership reads)
    Review: [
      scope(
        'category',
        ['regulation', 'markets'],
        'the weekly digest goes to the clients’ compliance and treasury teams, who read it for the rules and the markets that move their books',
      ),
      scope(
        'category',
        ['industry', 'technology'],
        'the weekly digest goes to the sector teams, who read it for the deals and the products in the companies they cover',
      ),
    ],
  },
  equipment_loans: {
    'Return chase': [
      scope('item_type', ['laptop'], 'IT security needs every loaned laptop back for the encryption audit'),
    ],
    // (the kit whose damage a glance at the counter misses, and which costs most to put right)
    'Condition check': [
      scope(
        'item_type',
        ['laptop', 'tablet'],
        'a laptop or tablet is wiped and its battery and screen tested before the next loan, which a glance at the counter cannot do',
      ),
      scope(
        'item_type',
        ['camera', 'projector'],
        'a camera’s sensor and a projector’s lamp hours are read on the bench, and a fault found later is charged to nobody',
      ),
    ],
  },
};

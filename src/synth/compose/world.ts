import type { Rng } from '../../env/rng.js';
import type { ScenarioDomain } from '../../schema/taxonomy.js';
import { type Person, staffOf } from '../kit/people.js';
import { VOCAB } from '../kit/domains/index.js';
import type { World } from './parts.js';

/** Builds the seeded world of one task: its company, the requester and coworkers, the domain's vocabulary. */
export function makeWorld(rng: Rng, domain: ScenarioDomain, difficulty: World['difficulty'], today: string): World {
  const vocab = VOCAB[domain];
  const company = rng.pick([
    'acme',
    'northwind',
    'contoso',
    'globex',
    'initech',
    'umbrella-labs',
    'fabrikam',
    'tailspin',
  ]);
  const staff = staffOf(rng, 12, `${company}.example`);
  return {
    rng,
    difficulty,
    domain,
    vocab,
    today,
    me: staff[0] as Person,
    staff: staff.slice(1),
    company,
    roles: new Map(),
  };
}

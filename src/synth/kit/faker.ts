import { base, en, Faker, generateMersenne53Randomizer } from '@faker-js/faker';

// building a Faker (its locale tables) costs more than generating a task: one instance, reseeded per task;
// generators run synchronously, so no two tasks ever share it at once
let shared: Faker | undefined;

export function makeFaker(seed: number, mockToday: string): Faker {
  shared ??= new Faker({ locale: [en, base], randomizer: generateMersenne53Randomizer(seed) });
  shared.seed(seed);
  shared.setDefaultRefDate(mockToday);
  return shared;
}

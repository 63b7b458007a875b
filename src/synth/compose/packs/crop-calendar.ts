// where a field crop is in its year, month by month, on a temperate northern farm (the plots' fields are English
// fields: Long Acre, Top Meadow), in the words its growers use: winter wheat tillers through the winter and
// flowers in June, spring barley is drilled in March, rape fills its pods in June, maize is cut in October. A plot's growth stage is one its crop can be at on the task's
// mock_today, and it is watered only in the growing season.

type Year = readonly (readonly string[])[];

// per crop, twelve months (January first) of the stages it can be at
const CALENDAR: Readonly<Record<string, Year>> = {
  'winter wheat': [
    ['tillering'],
    ['tillering'],
    ['tillering', 'stem extension'],
    ['stem extension'],
    ['stem extension', 'flowering'],
    ['flowering', 'grain fill'],
    ['grain fill'],
    ['harvested'],
    ['harvested', 'drilled'],
    ['drilled', 'emerged'],
    ['emerged', 'tillering'],
    ['tillering'],
  ],
  // (a spring crop's plot over the winter still holds last season's harvested crop)
  'spring barley': [
    ['harvested'],
    ['harvested'],
    ['drilled'],
    ['drilled', 'emerged'],
    ['tillering', 'stem extension'],
    ['stem extension', 'flowering'],
    ['grain fill'],
    ['grain fill', 'harvested'],
    ['harvested'],
    ['harvested'],
    ['harvested'],
    ['harvested'],
  ],
  // (rape sets its seed in pods, not grain in ears)
  'oilseed rape': [
    ['emerged'],
    ['emerged'],
    ['stem extension'],
    ['flowering'],
    ['flowering', 'pod fill'],
    ['pod fill'],
    ['pod fill', 'harvested'],
    ['harvested', 'drilled'],
    ['drilled', 'emerged'],
    ['emerged'],
    ['emerged'],
    ['emerged'],
  ],
  maize: [
    ['harvested'],
    ['harvested'],
    ['harvested'],
    ['drilled'],
    ['drilled', 'emerged'],
    ['emerged', 'stem extension'],
    ['stem extension', 'flowering'],
    ['flowering', 'grain fill'],
    ['grain fill', 'harvested'],
    ['harvested'],
    ['harvested'],
    ['harvested'],
  ],
  // (potatoes are planted, not drilled, and bulk their tubers after flowering)
  potatoes: [
    ['harvested'],
    ['harvested'],
    ['planted'],
    ['planted', 'emerged'],
    ['emerged'],
    ['emerged', 'flowering'],
    ['flowering', 'bulking'],
    ['bulking', 'harvested'],
    ['harvested'],
    ['harvested'],
    ['harvested'],
    ['harvested'],
  ],
  // beet does not flower in its first year: once its leaves cover the rows its root bulks until it is lifted in
  // the autumn and winter
  'sugar beet': [
    ['harvested'],
    ['harvested'],
    ['drilled'],
    ['drilled', 'emerged'],
    ['emerged'],
    ['emerged'],
    ['bulking'],
    ['bulking'],
    ['bulking'],
    ['bulking', 'harvested'],
    ['bulking', 'harvested'],
    ['harvested'],
  ],
};

/** Stage words only some crops have: a cereal tillers and fills grain, rape fills pods, potatoes and beet bulk. */
export const STAGES_OF: Readonly<Record<string, readonly string[]>> = {
  tillering: ['winter wheat', 'spring barley'],
  'grain fill': ['winter wheat', 'spring barley', 'maize'],
  'pod fill': ['oilseed rape'],
  planted: ['potatoes'],
  bulking: ['potatoes', 'sugar beet'],
};

/** The month (1–12) of an ISO date. */
export const monthOf = (iso: string): number => Number(iso.slice(5, 7));

/** The growth stages `crop` can be at in `month` (1–12). */
export function stagesIn(crop: string, month: number): readonly string[] {
  return CALENDAR[crop]?.[month - 1] ?? ['emerged'];
}

/** The months irrigation runs in: late spring to early autumn (the soil is at capacity from October to March). */
export const IRRIGATION_SEASON: readonly number[] = [4, 5, 6, 7, 8, 9];

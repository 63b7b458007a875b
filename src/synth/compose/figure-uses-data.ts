// The figures each record type's team asks for, and what for, whatever the work (figure-uses.ts reads them): one
// registry gathered from the domain files, each record type with at least four uses of every figure it lists
// (figure-uses.test.ts), so that the same reason does not close every request on a record type.

import { CARE_FIGURE_USES } from './figure-uses-care.js';
import { INDUSTRY_FIGURE_USES } from './figure-uses-industry.js';
import { MEDIA_FIGURE_USES } from './figure-uses-media.js';
import { OFFICE_FIGURE_USES } from './figure-uses-office.js';
import { PLACE_FIGURE_USES } from './figure-uses-places.js';
import { TECH_FIGURE_USES } from './figure-uses-tech.js';
import type { FigureUses } from './figure-use-types.js';
import { FIGURE_WORK_USES } from './figure-uses-work.js';

export type { FigureAgg, FigureUseList, FigureUses } from './figure-use-types.js';

const OWN: Readonly<Record<string, FigureUses>> = {
  ...OFFICE_FIGURE_USES,
  ...PLACE_FIGURE_USES,
  ...CARE_FIGURE_USES,
  ...INDUSTRY_FIGURE_USES,
  ...TECH_FIGURE_USES,
  ...MEDIA_FIGURE_USES,
};

/** Each record type's uses, with those of its pieces of work (figure-uses-work.ts). */
export const FIGURE_USES: Readonly<Record<string, FigureUses>> = Object.fromEntries(
  Object.entries(OWN).map(([src, uses]) => [
    src,
    FIGURE_WORK_USES[src] ? { ...uses, work: FIGURE_WORK_USES[src] } : uses,
  ]),
);

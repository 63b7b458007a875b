import type { Matcher } from '../../schema/matchers.js';

// What a line chart's check asks of its drawn line. A line between the data points is drawn as a <polyline>, a
// <path>, or as one <line> segment per pair of neighbouring points (review 36: 21 tasks on seed 89 failed a chart
// drawn with segments). Axes, ticks and grid lines are level or upright, so a segment counts only where both its
// ends differ (x1 ≠ x2 and y1 ≠ y2): a chart with axes and dots but no line between them has none.

// an attribute's number, captured (groups are numbered by position: sloped() says which); the same attribute
// holding group `n`'s number
const attr = (name: string) => `\\b${name}\\s*=\\s*["']?\\s*(-?[\\d.]+)`;
const same = (name: string, n: number) => `\\b${name}\\s*=\\s*["']?\\s*\\${n}(?![\\d.])`;

/**
 * The tests after "<line" that its two ends differ in both x and y, as a regex source, capturing into groups `g`
 * and `g + 1` (a pattern holding several keeps them apart).
 */
export const sloped = (g: number): string =>
  `(?=[^>]*${attr('x1')})(?![^>]*${same('x2', g)})(?=[^>]*${attr('y1')})(?![^>]*${same('y2', g + 1)})`;

/**
 * The check that a line chart over `values` draws its line: a polyline or path, or a sloped <line> for each pair
 * of neighbouring points whose values differ (a flat step between equal values may be drawn level). After each
 * sloped segment it skips to the next sloped one and no further, so a chart that falls short fails in one pass
 * (no backtracking over which segments to count).
 */
export function lineDrawn(values: readonly number[]): Matcher {
  const steps = values.slice(1).filter((v, i) => v !== values[i]).length;
  const shape: Matcher = { regex: '<(?:polyline|path)\\b' };
  if (steps < 1) return shape;
  const notLine = '(?:(?!<line\\b)[\\s\\S])*';
  // a sloped segment, then anything up to the next sloped one (groups g to g + 3)
  const segment = (g: number) => `<line\\b${sloped(g)}${notLine}(?:<line\\b(?!${sloped(g + 2)})${notLine})*`;
  const rest = steps > 1 ? `(?:${segment(5)}){${steps - 1}}` : '';
  return { any_of: [shape, { regex: `${segment(1)}${rest}` }] };
}

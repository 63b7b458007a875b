import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cadence, leadTime } from '../kit/lead-time.js';
import { ACT_NARROWS, cadenceBounds } from './act-narrowings.js';

// review 27 class 5: "confined to the deployments started in the 5 days before; rollout logs are kept for two weeks"
// — a window's reason that states a period of its own contradicts a window drawn apart from it

// a span of time a reason may state: "two weeks", "10 days", "a month", "each week", "quarterly"
const PERIOD =
  /\b(?:\d+|one|two|three|four|five|six|a|a few) (?:days?|weeks?|months?|quarters?|years?)\b|\bfortnight|\b(?:weekly|monthly|quarterly|yearly|annual)\b|\beach (?:day|week|month)\b/i;

describe('a window’s reason and the window', () => {
  it('states a period only where the draw keeps the window within it', () => {
    let periods = 0;
    for (const [src, sections] of Object.entries(ACT_NARROWS))
      for (const [section, reasons] of Object.entries(sections))
        for (const [side, why] of Object.entries(reasons)) {
          if (!/:(?:recent|older|ahead)$/.test(side) || !PERIOD.test(why)) continue;
          periods++;
          // a rhythm bounds a recent or coming window (cadenceBounds), a lead time a window ahead (purpose-scope.ts)
          const read = cadence(why) < Infinity || (side.endsWith(':ahead') && leadTime(why) > 0);
          assert.ok(read, `${src} ${section} ${side}: "${why}" states a period its window is not drawn from`);
        }
    assert.ok(periods >= 3, `${periods} reasons state a period`);
  });

  it('a deployment review’s window is said to be as long as the logs are kept, with no fixed period of its own', () => {
    const why = ACT_NARROWS.deployments?.Review?.['started_on:recent'] ?? '';
    assert.match(why, /kept only that long/);
    assert.doesNotMatch(why, PERIOD);
  });

  it('a quarterly review of any kind bounds the window of the records since it', () => {
    assert.equal(cadence('a skill installed since the last quarterly permission review'), 92);
    const bounds = cadenceBounds('agent_skills', 'Disabling');
    assert.ok((bounds.installed_on?.[1] ?? Infinity) <= 92, JSON.stringify(bounds));
  });

  // review 30 D10: "at least 9 data points; a chart with that many points takes longest" while a chart of 8 waits
  it('draws a size its reason calls the biggest from the top of the range, not at 8 points', () => {
    for (const section of ['Chart production', 'Scheduling']) {
      assert.match(
        ACT_NARROWS.chart_requests?.[section]?.['data_points>'] ?? '',
        /takes? (?:longest|a designer the most)/,
      );
      assert.ok((cadenceBounds('chart_requests', section).data_points?.[0] ?? 0) >= 14, section);
    }
  });
});

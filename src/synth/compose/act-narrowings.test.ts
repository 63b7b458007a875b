import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cadence, cadenceFloor, everySpan, leadTime } from '../kit/lead-time.js';
import { ACT_NARROWS, cadenceBounds, drawnWithWindow, narrowReason, withWindow } from './act-narrowings.js';
import { PLACE_NARROWS } from './act-narrowings-places.js';

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
          if (!/:(?:recent|older|ahead)$/.test(side) || drawnWithWindow(why) || !PERIOD.test(why)) continue;
          periods++;
          // a rhythm bounds a recent or coming window (cadenceBounds), a lead time a window ahead (purpose-scope.ts)
          const read = cadence(why) < Infinity || (side.endsWith(':ahead') && leadTime(why) > 0);
          assert.ok(read, `${src} ${section} ${side}: "${why}" states a period its window is not drawn from`);
        }
    // (the reasons drawn with their window state the window's own span: the test below)
    assert.ok(periods >= 2, `${periods} reasons state a period`);
  });

  it('a deployment review’s window is said to be as long as the logs are kept, with no fixed period of its own', () => {
    const why = ACT_NARROWS.deployments?.Review?.['started_on:recent'] ?? '';
    assert.match(why, /kept only that long/);
    assert.doesNotMatch(why, PERIOD);
  });

  it('a quarterly review of any kind bounds the window of the records since it, both ways', () => {
    const why = 'a skill installed since the last quarterly permission review';
    assert.equal(cadence(why), 92);
    // (a 14-day window "since the last quarterly review" leaves out the ten weeks before, equally unreviewed)
    assert.equal(cadenceFloor(why), 90);
    assert.equal(cadenceFloor('before the docketing team’s weekly run'), 0);
  });

  // review 27 (issue #27 class 2): "since the last quarterly review" over a 14-, 21-, 30- or 60-day window
  it('names the rhythm a window of records since the last review is drawn at', () => {
    const bounds = cadenceBounds('agent_skills', 'Disabling');
    assert.deepEqual(bounds.installed_on, [14, 60]);
    for (const [section, days, every] of [
      ['Disabling', 14, 'every two weeks'],
      ['Credential removal', 30, 'every month'],
      ['Community skill removal', 60, 'every two months'],
    ] as const) {
      const why = narrowReason('agent_skills', section, { kind: 'recent', field: 'installed_on', days }) ?? '';
      assert.match(why, new RegExp(`${every}\\b.*since the last`), why);
      assert.doesNotMatch(why, /quarterly|\{/, why);
    }
    const review = narrowReason('positions', 'Review', { kind: 'recent', field: 'opened_on', days: 90 }) ?? '';
    assert.match(review, /held every quarter, so one opened since the last review/, review);
    // the digest's "only that week's articles" takes the whole week: a 3-day window left four days of it out
    assert.deepEqual(cadenceBounds('feed_articles', 'Review').published_at, [7, 7]);
  });

  it('states the window’s own span in every reason drawn with its window, as the checks read it back', () => {
    let drawn = 0;
    for (const [src, sections] of Object.entries(ACT_NARROWS))
      for (const [section, reasons] of Object.entries(sections))
        for (const [side, raw] of Object.entries(reasons)) {
          if (!drawnWithWindow(raw)) continue;
          drawn++;
          assert.match(side, /:(?:recent|ahead)$/, `${src} ${section} ${side}`);
          for (const days of [14, 21, 30, 45, 60]) {
            const why = withWindow(raw, days);
            if (raw.includes('{days}')) {
              assert.ok(side.endsWith(':ahead'), `${src} ${section} ${side}`);
              assert.equal(leadTime(why), days, why);
            }
            if (raw.includes('{every}')) {
              assert.ok(why.includes(everySpan(days)), why);
              assert.equal(cadence(why), days, why);
              assert.equal(cadenceFloor(why), /since the last/.test(why) ? days : 0, why);
            }
          }
        }
    assert.ok(drawn >= 10, `${drawn} reasons drawn with their window`);
  });

  // review 27 (issue #27 class 1): "contracts ending in the next 45 days: … so the nearest renewals come first" —
  // an order of work is no reason to leave the later records out
  it('gives a window ahead the lead time of its work, never an order of work', () => {
    let ahead = 0;
    for (const [src, sections] of Object.entries(ACT_NARROWS))
      for (const [section, reasons] of Object.entries(sections))
        for (const [side, raw] of Object.entries(reasons)) {
          if (!side.endsWith(':ahead')) continue;
          ahead++;
          assert.doesNotMatch(
            raw,
            /\b(?:come|go|are \w+ed|start) first\b|\bsoonest\b|\bnearest\b/,
            `${src} ${section}`,
          );
          // a lead time stated in days is the window's own
          if (!drawnWithWindow(raw)) assert.equal(leadTime(raw.replace(/\d+ days/g, '')), leadTime(raw), raw);
        }
    assert.ok(ahead >= 15, `${ahead} window-ahead reasons`);
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

  it('narrows a release for one kind of patient by nothing another kind needs (review 56)', () => {
    const beds = PLACE_NARROWS.ward_beds ?? {};
    for (const section of ['Respiratory bed release', 'Hoist bed release'])
      assert.doesNotMatch(JSON.stringify(beds[section]), /cardiac/, section);
    assert.match(JSON.stringify(beds['Bed release']), /cardiac/);
  });
});

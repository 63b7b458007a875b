import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchValue } from '../../grade/match.js';
import { PngRecipe, sceneSvg } from '../../services/workspace/formats/image-scenes.js';
import { lineDrawn } from './chart-lines.js';

// a line chart's line passes however it is drawn (a polyline, a path, a <line> per step), and a chart with no line
// between its points fails (review 36: a chart drawn with <line> segments failed a check for <polyline|path>)

const values = [12, 15, 15, 11, 18, 20];
const xs = values.map((_, i) => 80 + i * 60);
const ys = values.map((v) => 300 - v * 10);
const frame = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="340"><text x="250" y="20">Title</text>` +
  `<line x1="60" y1="300" x2="460" y2="300" stroke="#000"/><line x1="60" y1="40" x2="60" y2="300" stroke="#000"/>` +
  xs.map((x) => `<line x1="${x}" y1="300" x2="${x}" y2="306"/>`).join('') +
  values
    .map((v, i) => `<circle cx="${xs[i]}" cy="${ys[i]}" r="3"/><text x="${xs[i]}" y="${(ys[i] ?? 0) - 8}">${v}</text>`)
    .join('') +
  `${inner}</svg>`;
const segments = (from = 0) =>
  values
    .slice(1)
    .map((_, i) => i)
    .filter((i) => i >= from)
    .map((i) => `<line x1='${xs[i]}' y1='${ys[i]}' x2='${xs[i + 1]}' y2='${ys[i + 1]}' stroke='#36c'/>`)
    .join('\n');

describe('a line chart check', () => {
  const m = lineDrawn(values);

  it('passes a line drawn as a polyline, a path, or a <line> per step', () => {
    assert.ok(matchValue(m, frame(`<polyline points="${xs.map((x, i) => `${x},${ys[i]}`).join(' ')}"/>`)));
    assert.ok(matchValue(m, frame(`<path d="M${xs[0]} ${ys[0]} L${xs[1]} ${ys[1]}"/>`)));
    assert.ok(matchValue(m, frame(segments())));
    // the reference's own drawing passes
    const svg = sceneSvg(
      PngRecipe.parse({ kind: 'line_chart', title: 'T', labels: ['a', 'b', 'c', 'd', 'e', 'f'], values, y_label: 'v' }),
    );
    assert.ok(matchValue(m, svg));
  });

  it('fails a chart with axes, ticks and dots but no line between them, or a line short of a step', () => {
    assert.ok(!matchValue(m, frame('')));
    // the step between the two equal values may be drawn level or left out; one more missing is a gap in the line
    assert.ok(!matchValue(m, frame(segments(2))));
    const level = `<line x1="${xs[1]}" y1="${ys[1]}" x2="${xs[2]}" y2="${ys[2]}"/>`;
    assert.ok(
      matchValue(
        m,
        frame(
          level +
            segments()
              .split('\n')
              .filter((_, i) => i !== 1)
              .join(''),
        ),
      ),
    );
  });

  it('answers in one pass over a long chart that falls short', () => {
    const long = Array.from({ length: 24 }, (_, i) => (i * 7) % 11);
    const many = frame(Array.from({ length: 400 }, (_, i) => `<line x1="${i}" y1="0" x2="${i}" y2="5"/>`).join(''));
    const t = Date.now();
    assert.ok(!matchValue(lineDrawn(long), many));
    assert.ok(Date.now() - t < 200);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import { marketSize } from './market-size.js';

const PUBLISHERS = ['Gartner', 'Forrester', 'IDC', 'McKinsey', 'Statista', 'company filing'];
const SEGMENTS = ['cloud infrastructure', 'cybersecurity', 'payments', 'EV batteries', 'retail e-commerce'];

describe('market sizes', () => {
  it('of one segment and year agree across houses within tens of percent', () => {
    for (let k = 0; k < 30; k++) {
      const w = makeWorld(createRng('market-size', k), 'Information_Retrieval', 'medium', '2026-06-17T09:00:00Z');
      for (const segment of SEGMENTS) {
        const sizes = PUBLISHERS.map((publisher) =>
          marketSize({ segment, publisher, published_on: '2026-02-01', title: 'x, 2026' }, w),
        );
        assert.ok(Math.max(...sizes) / Math.min(...sizes) < 1.5, `${segment}: ${sizes.join(', ')}`);
      }
    }
  });

  it('grow from one year to the next, and size a region below the world', () => {
    const w = makeWorld(createRng('market-size', 99), 'Information_Retrieval', 'medium', '2026-06-17T09:00:00Z');
    const of = (published_on: string, title: string) =>
      marketSize({ segment: 'payments', publisher: 'IDC', published_on, title }, w);
    assert.ok(of('2026-03-01', 'Digital Payments, 2026') > of('2025-03-01', 'Digital Payments, 2025'));
    assert.ok(of('2026-03-01', 'Digital Payments: Europe, 2026') < of('2026-03-01', 'Digital Payments, 2026') / 2);
  });
});

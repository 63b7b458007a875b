import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { drawnPart, PngRecipe } from '../../../services/workspace/formats/image-scenes.js';
import { ACTS } from '../policy-acts.js';
import type { Rec, SourcePart } from '../parts.js';
import { PARTS } from '../registry.js';
import { actRule } from '../testing.js';
import { deskPlan, examSeats, orderScreenshot, wardBeds } from './pictures.js';
import { makeWorld } from '../world.js';

// a plan draws every feature a place has in its cell (a rule may ask for any of them, so an agent must read them
// off the picture), keeps its records as truth beside it, and the allocation rounds over it differ in what they ask

const w = makeWorld(createRng('floor-plan'), 'Healthcare', 'medium', '2026-03-10T09:00:00Z');
const flags = (src: SourcePart<string>) =>
  src.fields.filter((m) => m.kind === 'flag' && m.field !== 'window').map((m) => m.field);

describe('floor plans', () => {
  it('print each feature a place has as a mark in its cell, and keep the records as truth beside the picture', () => {
    for (const src of [wardBeds, examSeats, deskPlan] as SourcePart<string>[]) {
      const on = flags(src);
      assert.ok(on.length >= 4, `${src.name}: ${on.join(', ')}`);
      const records: Rec[] = [0, 1].map((i) => ({
        place_id: `${src.prefix}${i}`,
        zone: (src.fields.find((m) => m.field === 'zone') as unknown as { values: string[] }).values[i],
        status: 'free',
        window: false,
        ...Object.fromEntries(src.fields.filter((m) => m.kind === 'number').map((m) => [m.field, 1])),
        ...Object.fromEntries(on.map((f) => [f, i === 0])),
      }));
      const png = Object.values(src.fixtures?.(records, w).workspace?.files ?? {})[0] as { png: unknown };
      const scene = PngRecipe.parse(png.png);
      assert.equal(scene.kind, 'floor_plan');
      const cells = (drawnPart(scene).cells as { label: string; note: string }[]).filter((c) =>
        c.label.startsWith(src.prefix),
      );
      const note = (id: string) => cells.find((c) => c.label === id)?.note ?? '';
      // the place with every feature shows a line per feature; the one with none shows only its count
      assert.equal(note(`${src.prefix}0`).split(' · ').length, 1 + on.length, note(`${src.prefix}0`));
      assert.equal(note(`${src.prefix}1`).split(' · ').length, 1, note(`${src.prefix}1`));
      assert.deepEqual(
        (scene as { truth?: Rec[] }).truth?.map((r) => Object.keys(r)[0]),
        ['place_id', 'place_id'],
      );
    }
  });

  it('fits a zone crowded with window places into the picture’s width, each still against the window wall', () => {
    const zones = (wardBeds.fields.find((m) => m.field === 'zone') as unknown as { values: string[] }).values;
    // six fit zones of one width; seven or nine in one of five zones fit only with each zone as wide as its own
    for (const crowd of [6, 7, 9]) {
      const records: Rec[] = Array.from({ length: crowd + 6 }, (_, i) => ({
        place_id: `${wardBeds.prefix}${i}`,
        zone: i < crowd ? zones[1] : zones[i % zones.length],
        status: 'blocked',
        window: i < crowd,
        ...Object.fromEntries(wardBeds.fields.filter((m) => m.kind === 'number').map((m) => [m.field, 1])),
      }));
      const png = Object.values(wardBeds.fixtures?.(records, w).workspace?.files ?? {})[0] as { png: unknown };
      const scene = PngRecipe.parse(png.png) as {
        cols: number;
        rows: number;
        cells: { x: number; y: number; label: string }[];
        areas: { x: number; w: number; label: string }[];
      };
      assert.ok(scene.cols <= 32, `${crowd}: ${scene.cols} columns`);
      const windowRow = scene.cells.filter((c) => c.label.startsWith(wardBeds.prefix) && c.y === scene.rows - 1);
      assert.equal(windowRow.length, crowd);
      // every place stands inside its own zone's area
      for (const r of records) {
        const cell = scene.cells.find((c) => c.label === r.place_id) as { x: number };
        const area = scene.areas.find((a) => a.label === r.zone) as { x: number; w: number };
        assert.ok(cell.x >= area.x && cell.x < area.x + area.w, `${crowd}: ${String(r.place_id)} in ${String(r.zone)}`);
      }
    }
  });

  it('shows the order screenshot’s terms and reminders as columns', () => {
    const rec = {
      order_id: 'SO-1',
      customer: 'Acme',
      region: 'North',
      amount: 100,
      status: 'unpaid',
      terms: 'net 60',
      reminders: 3,
      order_date: '2026-03-01',
      owner: 'a@b.example',
    };
    const png = Object.values(orderScreenshot.fixtures?.([rec], w).workspace?.files ?? {})[0] as {
      png: { rows: unknown[][] };
    };
    assert.ok(png.png.rows[0]?.includes('Terms') && png.png.rows[0]?.includes('Reminders'));
    assert.ok(png.png.rows[1]?.includes('net 60') && png.png.rows[1]?.includes(3));
  });

  it('draws allocation rounds that differ in what they ask of a place, not one rule per ward', () => {
    for (const [name, section] of [
      ['ward_beds', 'Bed allocation'],
      ['exam_seats', 'Seat allocation'],
    ] as const) {
      const src = PARTS.sources.find((s) => s.name === name);
      assert.ok(src, name);
      const act = ACTS[src.name]?.find((a) => a.sections[0] === section);
      assert.ok(act, section);
      const rng = createRng('allocation rounds', section);
      const keys = new Set<string>();
      const fields = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const r = actRule(src, act, rng);
        keys.add(JSON.stringify(r));
        for (const a of r.all) fields.add(a.field);
      }
      // (the free status every round names, and at least three different needs besides it)
      assert.ok(keys.size >= 15, `${section}: ${keys.size} distinct rules of 30`);
      assert.ok(fields.size >= 4, `${section}: ${[...fields].join(', ')}`);
    }
  });
});

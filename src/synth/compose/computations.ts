import type { ComputationPart, Rec, SourcePart } from './parts.js';
import { roundCents } from '../kit/money.js';

// computations over the selection; the value is an answer fact the final message must state.

const vals = (sel: Rec[], s: SourcePart) => sel.map((rec) => Number(rec[s.measure?.field ?? '']));
const fmt = (x: number) => String(roundCents(x));

export const count: ComputationPart = {
  name: 'count',
  needsMeasure: false,
  capabilities: ['Logic_Reasoning'],
  ask: (s) => `the number of ${s.noun[1]} you handled`,
  value: (sel) => String(sel.length),
};

export const total: ComputationPart = {
  name: 'sum',
  needsMeasure: true,
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  ask: (s) => `their combined ${s.measure?.label}`,
  value: (sel, s) => fmt(vals(sel, s).reduce((a, b) => a + b, 0)),
};

export const largest: ComputationPart = {
  name: 'max',
  needsMeasure: true,
  capabilities: ['Data_Analysis'],
  ask: (s) => `the highest ${s.measure?.label} among them`,
  value: (sel, s) => fmt(Math.max(...vals(sel, s))),
};

export const average: ComputationPart = {
  name: 'mean',
  needsMeasure: true,
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  ask: (s) => `their average ${s.measure?.label}, to two decimals`,
  // written as asked, to two decimals, even when whole (51200.00): the reference answer and the files say it so
  value: (sel, s) => roundCents(vals(sel, s).reduce((a, b) => a + b, 0) / Math.max(1, sel.length)).toFixed(2),
};

export const smallest: ComputationPart = {
  name: 'min',
  needsMeasure: true,
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  ask: (s) => `the lowest ${s.measure?.label} among them`,
  value: (sel, s) => fmt(Math.min(...vals(sel, s))),
};

import * as Plot from '@observablehq/plot';
import { useEffect, useRef } from 'preact/hooks';

/** An Observable Plot chart, redrawn when its options change. */
export function PlotChart({ make, label }: { make: () => SVGSVGElement | HTMLElement; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = make();
    ref.current?.replaceChildren(el);
    return () => el.remove();
  });
  return <div class="chart" data-chart={label} ref={ref} />;
}

/** Score histogram: trials per score bin. */
export function Histogram({ bins }: { bins: { x0: number; x1: number; n: number }[] }) {
  return (
    <PlotChart
      label="histogram"
      make={() =>
        Plot.plot({
          height: 180,
          width: 420,
          x: { label: 'score', domain: [0, 1] },
          y: { label: 'trials', grid: true },
          marks: [
            Plot.rectY(bins, {
              x1: 'x0',
              x2: 'x1',
              y: 'n',
              fill: '#4e79a7',
              inset: 1,
              title: (d: { x0: number; x1: number; n: number }) => `${d.x0.toFixed(1)}–${d.x1.toFixed(1)}: ${d.n}`,
            }),
            Plot.ruleY([0]),
          ],
        })
      }
    />
  );
}

/** Horizontal bars of one metric per group, with the value written at the bar's end. */
export function Bars({
  rows,
  label,
  x = 'value',
}: {
  rows: { key: string; value: number | null }[];
  label: string;
  x?: string;
}) {
  const data = rows.filter((r) => r.value !== null);
  return (
    <PlotChart
      label={label}
      make={() =>
        Plot.plot({
          height: 24 * data.length + 40,
          width: 520,
          marginLeft: 190,
          marginRight: 50,
          x: { label: x, domain: [0, 1], grid: true },
          y: { label: null },
          marks: [
            Plot.barX(data, { x: 'value', y: 'key', fill: '#59a14f', sort: { y: '-x' } }),
            Plot.text(data, {
              x: 'value',
              y: 'key',
              text: (d: { value: number }) => d.value.toFixed(3),
              textAnchor: 'start',
              dx: 4,
            }),
          ],
        })
      }
    />
  );
}

/** Capability × scenario domain counts; empty cells are the gaps of the corpus. */
export function Heatmap({
  cells,
  capabilities,
  domains,
}: {
  cells: { capability: string; domain: string; n: number }[];
  capabilities: string[];
  domains: string[];
}) {
  return (
    <PlotChart
      label="coverage"
      make={() =>
        Plot.plot({
          width: 80 * domains.length + 200,
          height: 26 * capabilities.length + 150,
          marginLeft: 170,
          marginBottom: 130,
          padding: 0.05,
          x: { domain: domains, tickRotate: -40, label: 'scenario domain' },
          y: { domain: capabilities, label: null },
          color: { scheme: 'blues', type: 'sqrt' },
          marks: [
            Plot.cell(cells, { x: 'domain', y: 'capability', fill: (d: { n: number }) => (d.n ? d.n : null) }),
            Plot.text(cells, {
              x: 'domain',
              y: 'capability',
              text: (d: { n: number }) => String(d.n),
              fill: (d: { n: number }) => (d.n ? 'black' : '#bbb'),
            }),
          ],
        })
      }
    />
  );
}

/** The curation funnel: one bar per stage, in order. */
export function Funnel({ stages }: { stages: { stage: string; n: number }[] }) {
  return (
    <PlotChart
      label="funnel"
      make={() =>
        Plot.plot({
          height: 30 * stages.length + 40,
          width: 620,
          marginLeft: 230,
          marginRight: 50,
          x: { label: 'records', grid: true },
          y: { domain: stages.map((s) => s.stage), label: null },
          marks: [
            Plot.barX(stages, { x: 'n', y: 'stage', fill: '#f28e2b' }),
            Plot.text(stages, {
              x: 'n',
              y: 'stage',
              text: (d: { n: number }) => String(d.n),
              textAnchor: 'start',
              dx: 4,
            }),
          ],
        })
      }
    />
  );
}

import type { ComponentChildren } from 'preact';
import { fmt } from './format';

export function Pager({
  total,
  offset,
  limit,
  onPage,
}: {
  total: number;
  offset: number;
  limit: number;
  onPage: (offset: number) => void;
}) {
  if (total <= limit) return <p class="muted">{total} shown</p>;
  return (
    <p class="pager">
      <button disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - limit))}>
        ‹ previous
      </button>
      <span data-testid="pager">
        {offset + 1}–{Math.min(total, offset + limit)} of {total}
      </span>
      <button disabled={offset + limit >= total} onClick={() => onPage(offset + limit)}>
        next ›
      </button>
    </p>
  );
}

export const Problem = ({ text }: { text: string }) => (
  <p class="problem" role="alert">
    {text}
  </p>
);

export const Loading = () => <p class="muted">loading…</p>;

/** A number with its exact value in data-value (what tests and copy-paste read). */
export const Num = ({ v, id, digits = 3 }: { v: number | null | undefined; id?: string; digits?: number }) => (
  <span class="num" data-metric={id} data-value={v === null || v === undefined ? '' : String(v)}>
    {fmt(v, digits)}
  </span>
);

export function Section({ title, children, id }: { title: string; children: ComponentChildren; id?: string }) {
  return (
    <section id={id}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function Json({ value }: { value: unknown }) {
  return <pre class="json">{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>;
}

import type { ReactNode } from 'react';

/** A grid of figures, three to a row: the value large, its label below. */
export function Figures({ items, testId }: { items: [label: string, value: ReactNode][]; testId?: string }) {
  return (
    <div className="m-figures" data-testid={testId}>
      {items.map(([label, value]) => (
        <div className="m-figure" key={label}>
          <div className="m-figure-value">{value}</div>
          <div className="m-figure-label">{label}</div>
        </div>
      ))}
    </div>
  );
}

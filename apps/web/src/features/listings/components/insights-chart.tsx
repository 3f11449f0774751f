import { INSIGHTS } from '@canopy/shared';
import { useId } from 'react';
import { barHeights, type InsightPoint } from '../insights-chart.ts';

// A listing's last 30 days as a small bar chart: a bar per day for views, a mark under the days
// with an inquiry (amber) or an offer (blue). The picture is for sighted readers; the same numbers
// are a table behind "Daily numbers" (a native disclosure, reachable by keyboard), and the chart's
// name says what it shows.

const BAR = 4;
const GAP = 1;
const BARS_HEIGHT = 28;
const MARKS = 8;

export function InsightsChart({ points, title }: { points: InsightPoint[]; title: string }) {
  const id = useId();
  const heights = barHeights(
    points.map((point) => point.views),
    BARS_HEIGHT,
  );
  const width = points.length * (BAR + GAP) - GAP;
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-labelledby={`${id}-name`}
        viewBox={`0 0 ${width} ${BARS_HEIGHT + MARKS}`}
        width={width}
        height={BARS_HEIGHT + MARKS}
        className="block"
      >
        <title id={`${id}-name`}>{INSIGHTS.chartLabel(title)}</title>
        <line x1={0} x2={width} y1={BARS_HEIGHT + 0.5} y2={BARS_HEIGHT + 0.5} className="stroke-slate-200" />
        {points.map((point, index) => {
          const x = index * (BAR + GAP);
          const height = heights[index] ?? 0;
          return (
            <g key={point.day}>
              {height > 0 && (
                <rect
                  x={x}
                  y={BARS_HEIGHT - height}
                  width={BAR}
                  height={height}
                  className="fill-emerald-600"
                />
              )}
              {point.inquiries > 0 && (
                <rect x={x} y={BARS_HEIGHT + 2} width={BAR} height={2} className="fill-amber-500" />
              )}
              {point.offers > 0 && (
                <rect x={x} y={BARS_HEIGHT + 5} width={BAR} height={2} className="fill-sky-600" />
              )}
            </g>
          );
        })}
      </svg>
      {first && last && (
        <figcaption className="flex justify-between text-[11px] text-slate-500" style={{ width }}>
          <span>{first.label}</span>
          <span>{last.label}</span>
        </figcaption>
      )}
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer rounded text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-700">
          Daily numbers
        </summary>
        <div className="mt-1 max-h-48 overflow-y-auto">
          <table className="text-right tabular-nums">
            <caption className="sr-only">{INSIGHTS.chartLabel(title)}</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-2 text-left font-medium">
                  Day
                </th>
                <th scope="col" className="pr-2 font-medium">
                  {INSIGHTS.views}
                </th>
                <th scope="col" className="pr-2 font-medium">
                  {INSIGHTS.inquiries}
                </th>
                <th scope="col" className="font-medium">
                  {INSIGHTS.offers}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day}>
                  <th scope="row" className="pr-2 text-left font-normal whitespace-nowrap">
                    {point.label}
                  </th>
                  <td className="pr-2">{point.views}</td>
                  <td className="pr-2">{point.inquiries}</td>
                  <td>{point.offers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

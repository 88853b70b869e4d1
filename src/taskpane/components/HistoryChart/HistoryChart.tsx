import { LineChart } from "@fluentui/react-charts";
import { valueAxisRange } from "../../model/value-axis";
import { formatNumber, formatTimestamp } from "../../model/format";
import { useChartStyles } from "./HistoryChart.styles";
import type { HistoryChartProps } from "./HistoryChart.types";

/** Text equivalent of the chart for screen readers and forced-colors users: range, first, last, low, high. */
function summarize(points: HistoryChartProps["points"]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) return "";
  const values = points.map((p) => p.value);
  return `${points.length} values from ${formatTimestamp(first.date)} (${formatNumber(first.value)}) to ${formatTimestamp(last.date)} (${formatNumber(last.value)}); low ${formatNumber(Math.min(...values))}, high ${formatNumber(Math.max(...values))}.`;
}

/** The history of one index as a Fluent line chart. */
export function HistoryChart({ symbol, points, unit = "USD/kg", height = 200 }: HistoryChartProps) {
  const styles = useChartStyles();
  if (points.length === 0) return <p className={styles.empty}>No values in this range.</p>;
  const data = points.map((p) => ({ x: new Date(p.date), y: p.value }));
  const summary = summarize(points);
  return (
    <figure className={styles.root} aria-label={`${symbol} history chart`} data-testid="history-chart">
      <LineChart
        data={{ chartTitle: `${symbol} history`, lineChartData: [{ legend: symbol, data }] }}
        height={height}
        hideLegend
        {...valueAxisRange(points.map((p) => p.value))}
        yAxisTitle={unit}
        margins={{ top: 10, bottom: 35, left: 60, right: 15 }}
      />
      <figcaption className={styles.summary}>{summary}</figcaption>
    </figure>
  );
}

import { LineChart } from "@fluentui/react-charts";
import { valueAxisRange } from "../../model/value-axis";
import { formatNumber } from "../../model/format";
import { useChartStyles } from "../HistoryChart/HistoryChart.styles";
import type { ForwardChartProps } from "./ForwardChart.types";

/** The forward curve as a line of forward price against tenor in months, with a text equivalent. */
export function ForwardChart({ curve, height = 180 }: ForwardChartProps) {
  const styles = useChartStyles();
  if (curve.curve.length === 0) return <p className={styles.empty}>The service sent no tenors for this curve.</p>;
  const data = curve.curve.map((p) => ({ x: p.tenorMonths, y: p.forwardPrice }));
  const summary = `Spot ${formatNumber(curve.spotPrice)}; ${curve.curve
    .map((p) => `${p.tenorLabel} ${formatNumber(p.forwardPrice)} (${formatNumber(p.spreadBps)} bps)`)
    .join(", ")}.`;
  return (
    <figure className={styles.root} aria-label={`${curve.symbol} forward curve chart`} data-testid="forward-chart">
      <LineChart
        data={{ chartTitle: `${curve.symbol} forward curve`, lineChartData: [{ legend: "Forward price", data }] }}
        height={height}
        hideLegend
        {...valueAxisRange(curve.curve.map((p) => p.forwardPrice))}
        xAxisTitle="Tenor (months)"
        margins={{ top: 10, bottom: 55, left: 60, right: 15 }}
      />
      <figcaption className={styles.summary}>{summary}</figcaption>
    </figure>
  );
}

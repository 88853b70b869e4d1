import { VerticalBarChart } from "@fluentui/react-charts";
import type { HistoryPoint } from "../../../client/resources/history";
import { formatNumber } from "../../model/format";
import { describeBar, monthlyBars } from "../../model/history-periods";
import { useChartStyles } from "./HistoryChart.styles";

export interface MonthlyChartProps {
  readonly symbol: string;
  readonly points: readonly HistoryPoint[];
  readonly unit?: string;
  readonly height?: number;
}

/** Monthly averages of fresh values as bars; each bar's tooltip and the caption say how many days were observed. */
export function MonthlyChart({ symbol, points, unit = "USD/kg", height = 200 }: MonthlyChartProps) {
  const styles = useChartStyles();
  const bars = monthlyBars(points);
  if (bars.length === 0) return <p className={styles.empty}>No freshly published values in this range.</p>;
  const data = bars.map((bar) => ({
    x: bar.month,
    y: bar.avg,
    xAxisCalloutData: bar.month,
    yAxisCalloutData: describeBar(bar, formatNumber),
  }));
  return (
    <figure className={styles.root} aria-label={`${symbol} monthly averages chart`} data-testid="monthly-chart">
      <VerticalBarChart data={data} height={height} hideLegend yAxisTitle={unit} margins={{ top: 10, bottom: 35, left: 60, right: 15 }} />
      <figcaption className={styles.summary}>
        <ul>
          {bars.map((bar) => (
            <li key={bar.month}>{describeBar(bar, formatNumber)}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

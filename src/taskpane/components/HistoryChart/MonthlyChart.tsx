import { LineChart } from "@fluentui/react-charts";
import type { HistoryPoint } from "@index-data/wire";
import { formatNumber } from "../../model/format";
import { describeBar, monthlyBars } from "../../model/history-periods";
import { valueAxisRange } from "../../model/value-axis";
import { useChartStyles } from "./HistoryChart.styles";

interface MonthlyChartProps {
  readonly symbol: string;
  readonly points: readonly HistoryPoint[];
  readonly unit?: string;
  readonly height?: number;
}

const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * Monthly averages of fresh values, one point a month on a value axis that hugs the data (bars would have to start
 * at 0, and every month would look the same); each point's tooltip and the caption say how many days were observed.
 */
export function MonthlyChart({ symbol, points, unit = "USD/kg", height = 200 }: MonthlyChartProps) {
  const styles = useChartStyles();
  const bars = monthlyBars(points);
  if (bars.length === 0) return <p className={styles.empty}>No freshly published values in this range.</p>;
  // The line chart's tooltip shows yAxisCalloutData as it is: the month's sentence with its observed days.
  const data = bars.map((bar) => ({
    x: monthStart(bar.month),
    y: bar.avg,
    xAxisCalloutData: bar.month,
    yAxisCalloutData: describeBar(bar, formatNumber),
  }));
  return (
    <figure className={styles.root} aria-label={`${symbol} monthly averages chart`} data-testid="monthly-chart">
      <LineChart
        data={{
          chartTitle: `${symbol} monthly averages`,
          lineChartData: [{ legend: `${symbol} monthly average`, data }],
        }}
        height={height}
        hideLegend
        {...valueAxisRange(bars.map((bar) => bar.avg))}
        yAxisTitle={unit}
        // Room above the top tick label, which a 10 px margin clipped.
        margins={{ top: 20, bottom: 35, left: 60, right: 15 }}
      />
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

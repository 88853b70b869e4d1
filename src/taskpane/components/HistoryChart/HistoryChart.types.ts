import type { HistoryPoint } from "@index-data/wire";

export interface HistoryChartProps {
  /** Symbol of the index; names the line and the chart. */
  readonly symbol: string;
  /** Points in ascending date order. */
  readonly points: readonly HistoryPoint[];
  /** Unit of the values, shown on the axis. @default "USD/kg" */
  readonly unit?: string;
  /** Height of the plot in pixels; the width follows the taskpane. @default 200 */
  readonly height?: number;
}

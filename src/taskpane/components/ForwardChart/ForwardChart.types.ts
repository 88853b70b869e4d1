import type { ForwardCurve } from "@index-data/wire";

export interface ForwardChartProps {
  /** The curve, ascending by tenor. */
  readonly curve: ForwardCurve;
  /** Height of the plot in pixels; the width follows the taskpane. @default 180 */
  readonly height?: number;
}

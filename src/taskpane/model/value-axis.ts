/** How much room above and below the data the value axis leaves, as a share of the data's range. */
const PADDING = 0.1;

/**
 * The value-axis bounds for a price chart: the data's own range plus a margin. The chart library starts the
 * axis at 0 unless told otherwise, which flattens a 1.73–1.99 USD/kg series into a line; a trader reads the
 * moves, so the axis hugs the data. A flat series gets a margin of 1 % of its level.
 */
export function valueAxisRange(values: readonly number[]): { yMinValue: number; yMaxValue: number } | undefined {
  if (values.length === 0) return undefined;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const margin = high > low ? (high - low) * PADDING : Math.abs(high) * 0.01 || 1;
  return { yMinValue: low - margin, yMaxValue: high + margin };
}

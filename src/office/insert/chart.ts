import { FORWARD_COLUMNS, forwardFormula, historyFormula } from "../../workbook";
import { writeToActiveCell, type InsertOutcome } from "./insert-formula";
import type { StartupControl } from "../host/startup";
import { waitForSpill, type SpillWaitOptions } from "./spill-wait";

/** The format of the history table's date column; the header cell is text and keeps showing as text. */
export const HISTORY_DATE_FORMAT = "yyyy-mm-dd";

type Spilled = Extract<Awaited<ReturnType<typeof waitForSpill>>, { kind: "spilled" }>;

/** The cell one column right of the spill's top-right corner, where the chart's top-left goes. */
function besideSpill(spill: Spilled): Excel.Range {
  return spill.range.getCell(0, spill.columnCount + 1);
}

function noChart(address: string, what: string, reason: string): InsertOutcome {
  return {
    address,
    note: `The ${what} formula is in ${address}, but no chart was added because ${reason}. Insert again once the table shows data.`,
  };
}

/**
 * The INDEX.HISTORY spill plus a native line chart whose source is the whole spill range. Office.js can only
 * bind a chart to a Range (its address at this moment, not `B2#`); Excel follows a spill's new size only when
 * the chart's source is exactly the whole spill, so the chart is built from it and nothing narrower. The
 * header row gives the series its name; the date column is the axis.
 */
export async function insertHistoryWithChart(
  context: Excel.RequestContext,
  symbol: string,
  relativeStart: string,
  startup: StartupControl,
  wait?: SpillWaitOptions,
): Promise<InsertOutcome> {
  const cell = await writeToActiveCell(context, historyFormula(symbol, relativeStart), startup);
  const address = cell.address;
  const spill = await waitForSpill(context, cell, wait);
  if (spill.kind === "no-spill") return noChart(address, "history", spill.reason);
  // Hosts without formatted-number results (CustomFunctionsRuntime < 1.4) return plain serials: a date format on
  // the date column keeps it readable, and lets the chart take it as its date axis rather than as a series.
  spill.range.getColumn(0).numberFormat = Array.from({ length: spill.rowCount }, () => [HISTORY_DATE_FORMAT]);
  const chart = cell.worksheet.charts.add("Line", spill.range, "Columns");
  chart.title.text = `${symbol} history`;
  chart.setPosition(besideSpill(spill));
  chart.load("name");
  await context.sync();
  return { address, chartName: chart.name };
}

/**
 * The INDEX.FORWARD spill plus a line chart of forward price against tenor label. The chart reads the
 * price and label columns of the spill; a curve's tenors are fixed by the service, so its length is stable.
 */
export async function insertForwardWithChart(
  context: Excel.RequestContext,
  symbol: string,
  startup: StartupControl,
  wait?: SpillWaitOptions,
): Promise<InsertOutcome> {
  const cell = await writeToActiveCell(context, forwardFormula(symbol), startup);
  const address = cell.address;
  const spill = await waitForSpill(context, cell, wait);
  if (spill.kind === "no-spill") return noChart(address, "forward curve", spill.reason);
  if (spill.rowCount < 2) return noChart(address, "forward curve", "the curve has no tenors");
  const prices = spill.range.getColumn(FORWARD_COLUMNS.forwardPrice);
  // Below the header row: the labels line up with the price points, whose header names the series.
  const labels = spill.range.getColumn(FORWARD_COLUMNS.tenorLabel).getOffsetRange(1, 0).getResizedRange(-1, 0);
  const chart = cell.worksheet.charts.add("Line", prices, "Columns");
  chart.series.getItemAt(0).setXAxisValues(labels);
  chart.title.text = `${symbol} forward curve`;
  chart.setPosition(besideSpill(spill));
  chart.load("name");
  await context.sync();
  return { address, chartName: chart.name };
}

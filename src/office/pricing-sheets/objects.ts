import type { PricingSheetPlan } from "../../workbook";

/**
 * The builder's objects beside its cells, as it makes them and as a rollback makes them again: its conditional
 * formats and its charts.
 */
export const TABLE_STYLE = "TableStyleMedium2";

/** Adds one conditional format of a plan; its object, its id loaded at the next sync. */
export function addRule(sheet: Excel.Worksheet, rule: PricingSheetPlan["rules"][number]): Excel.ConditionalFormat {
  const format = sheet.getRange(rule.address).conditionalFormats.add("Custom" as Excel.ConditionalFormatType);
  format.custom.rule.formula = rule.formula;
  format.custom.format.fill.color = rule.fill;
  if (rule.font !== undefined) format.custom.format.font.color = rule.font;
  format.load("id");
  return format;
}

/** A plan's conditional formats, each added first by Excel: added last to first, a column's first rule wins. */
export function addRules(sheet: Excel.Worksheet, plan: PricingSheetPlan): Excel.ConditionalFormat[] {
  return [...plan.rules].reverse().map((rule) => addRule(sheet, rule));
}

/** A charted panel's chart drawn from its whole spill, or an existing chart set to it. */
export function drawChart(sheet: Excel.Worksheet, panel: PricingSheetPlan["panels"][number], chart?: Excel.Chart) {
  const drawn =
    chart ??
    sheet.charts.add("Line" as Excel.ChartType, sheet.getRange(panel.source), "Columns" as Excel.ChartSeriesBy);
  if (chart !== undefined) chart.setData(sheet.getRange(panel.source), "Columns" as Excel.ChartSeriesBy);
  if (panel.chart !== undefined) {
    drawn.title.text = panel.chart.title;
    drawn.setPosition(panel.chart.from, panel.chart.to);
  }
  drawn.load("id");
  return drawn;
}

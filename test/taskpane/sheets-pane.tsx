import type { IndexSummary } from "@index-data/wire";
import type { Answered } from "../../src/client";
import type { HostInfo, PricingSheetActions, WatchListStore } from "../../src/office";
import { SheetsPanel } from "../../src/taskpane/components/SheetsPanel/SheetsPanel";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";
import { renderPane } from "./render";

/** The host of a pane in Excel. */
export const IN_EXCEL = { state: "ready", value: { inExcel: true } } as const;

/**
 * The Sheets tab over `store` (as both the workbook's lists and the page's) and the builder `pricingSheet`, picking
 * from `indexes`; every file it hands the trader is kept in `saved`.
 */
export function renderSheetsPanel(
  indexes: Loadable<Answered<readonly IndexSummary[]>>,
  store: WatchListStore,
  pricingSheet: PricingSheetActions,
  host: Loadable<HostInfo> = IN_EXCEL,
) {
  const saved: { name: string; text: string }[] = [];
  const services = {
    watchLists: { workbook: store, page: store },
    pricingSheet,
    saveFile: (name: string, text: string) => saved.push({ name, text }),
  };
  return { ...renderPane(<SheetsPanel services={services} indexes={indexes} host={host} />), saved };
}

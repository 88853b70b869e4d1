import type { BuiltSheet, PricingSheetPlan } from "../../workbook";
import type { CellSnapshot, SheetView } from "./survey";

/** What one write of a checked plan works from: the writer carries it out, and a rollback takes it back. */
export interface SheetWrite {
  readonly sheet: Excel.Worksheet;
  readonly plan: PricingSheetPlan;
  /** The list's earlier build on this sheet, and the plan it wrote. */
  readonly earlier?: { readonly built: BuiltSheet; readonly plan: PricingSheetPlan };
  /** What the sheet holds now (undefined for a sheet made by this build). */
  readonly view?: SheetView;
  /** The cells the earlier build owns now. */
  readonly owned: ReadonlySet<string>;
  readonly snapshot?: CellSnapshot | undefined;
  /** The Index column as linked Index values (Excel links data types) or as symbols. */
  readonly entities: boolean;
  /** Excel resizes a table (ExcelApi 1.13); elsewhere the earlier table is made again, with its name. */
  readonly resizable: boolean;
  /** A name for a table this build adds (free in the workbook). */
  readonly tableName: string;
  /** Names for the charts this build adds, by panel (free on the sheet). */
  readonly chartName: (panel: number) => string;
}

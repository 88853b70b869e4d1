import type { DataTypeRefresh } from "../settings";
import type { ConvertMode } from "../formulas";
import type { AppContext } from "./app-context/app-context";
import { convertToIndex, convertToText, type ConvertOutcome } from "./data-type/convert";
import { excelApiSupported } from "./data-type/domain";
import type { StartupControl } from "./host/startup";
import { excelRun, inOneUndoStep, undoGroupsSupported, type ExcelRun } from "./host/undo-group";

export type { ConvertOutcome } from "./data-type/convert";

/** The Index data type's actions, for the ribbon's buttons and the taskpane's Data type tab. */
export interface DataTypeActions {
  /** "entities" where Excel has linked data types; "formulas" where Convert to Index writes =INDEX.CARD instead. */
  mode(): ConvertMode;
  /** Converts the selected cells holding index symbols; the outcome's message lists every cell left untouched. */
  toIndex(): Promise<ConvertOutcome>;
  /** Converts the selected Index entities back to their symbols. */
  toText(): Promise<ConvertOutcome>;
  /** How often Excel refreshes Index entities by itself (0: on open and by hand). */
  refresh(): Promise<DataTypeRefresh>;
  setRefresh(refresh: DataTypeRefresh): Promise<void>;
}

/** True where Range.valuesAsJson can be read (ExcelApi 1.16): an Index entity is then recognised as one. */
const valuesAsJsonSupported = () => excelApiSupported("1.16");

interface DataTypeHost {
  readonly run: ExcelRun;
  readonly json: () => boolean;
  /** Whether a conversion can be one undo step (ExcelApi 1.20). */
  readonly undoGroups: () => boolean;
}

/**
 * The actions through `Excel.run` over the app context. The catalogue is read as the user's own read
 * (its request goes before the cells'). Convert to Index registers the domain first if Office's ready handler has
 * not yet, so the first click never links cells to a domain Excel does not know. Each conversion is one undo step
 * where the host has ExcelApi 1.20.
 */
export function excelDataTypeActions(
  app: Pick<AppContext, "userSource" | "indexDomain"> & {
    readonly startup: Pick<StartupControl, "afterFormulaInserted">;
  },
  host: Partial<DataTypeHost> = {},
): DataTypeActions {
  const run: ExcelRun = host.run ?? excelRun;
  const undoGroups = host.undoGroups ?? undoGroupsSupported;
  const domain = app.indexDomain;
  const json = host.json ?? valuesAsJsonSupported;
  const { startup } = app;
  const symbols = async () => (await app.userSource.listIndexes()).data.map((entry) => entry.symbol);
  return {
    mode: () => (domain.supported() ? "entities" : "formulas"),
    async toIndex() {
      const mode: ConvertMode = (await domain.register()) ? "entities" : "formulas";
      // Without linked data types there is no Index entity to recognise, and valuesAsJson of cells showing INDEX.CARD's
      // entities is large (Excel on the web caps a batch's payload at 5 MB): the plain values are enough there.
      return inOneUndoStep(run, undoGroups(), (context) =>
        convertToIndex(context, { mode, json: mode === "entities", symbols, startup }),
      );
    },
    toText: () => inOneUndoStep(run, undoGroups(), (context) => convertToText(context, domain.supported() || json())),
    refresh: () => domain.refresh(),
    setRefresh: (refresh) => domain.setRefresh(refresh),
  };
}

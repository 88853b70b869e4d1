// The `commands` entry of the shared runtime: the ribbon's ExecuteFunction buttons.
import { getContext } from "../office/context";
import { excelDataTypeActions } from "../office/data-type-actions";
import { indexDomain } from "../office/data-type-domain";
import { dataTypeReports, showPane } from "../office/data-type-report";
import { excelDeskActions } from "../office/desk-actions";
import { dataTypeCommands } from "./data-type-commands";
import { deskCommands } from "./desk-commands";
import { refreshCommand, type CommandEvent } from "./refresh-command";

const refreshAll = refreshCommand(() => getContext().refresh());
const desk = deskCommands(() => excelDeskActions(getContext()));
const dataType = dataTypeCommands(
  () => excelDataTypeActions(getContext()),
  (report) => {
    dataTypeReports().publish(report);
    void showPane();
  },
);

if (typeof Office !== "undefined" && typeof Office.onReady === "function") {
  void Office.onReady(() => {
    // The Index data type's domain, once per runtime where Excel has linked data types (ExcelApi 1.19): Excel can
    // then load and refresh Index cells as soon as the add-in runs. A refusal is tried again at the next Convert.
    indexDomain().register().catch(() => undefined);
    // Office calls the handler and waits for event.completed(), which refreshCommand calls in every path.
    Office.actions.associate("refreshAll", (event: CommandEvent) => {
      void refreshAll(event);
    });
    Office.actions.associate("freezeForSharing", (event: CommandEvent) => {
      void desk.freezeForSharing(event);
    });
    Office.actions.associate("refreshSheet", (event: CommandEvent) => {
      void desk.refreshSheet(event);
    });
    Office.actions.associate("convertToIndex", (event: CommandEvent) => {
      void dataType.convertToIndex(event);
    });
    Office.actions.associate("convertToText", (event: CommandEvent) => {
      void dataType.convertToText(event);
    });
  });
}

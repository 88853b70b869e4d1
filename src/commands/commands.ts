// The `commands` entry of the shared runtime: the ribbon's ExecuteFunction buttons.
import {
  excelDataTypeActions,
  excelSheetActions,
  keepFunctionVisibility,
  onOfficeReady,
  appContext,
  showPane,
} from "../office";
import { dataTypeCommands } from "./data-type-commands";
import { sheetCommands } from "./sheet-commands";
import { refreshCommand } from "./refresh-command";

const app = appContext();
const options = { diagnostics: app.diagnostics } as const;
const refreshAll = refreshCommand(() => app.refresh(), options);
const sheet = sheetCommands(() => excelSheetActions(app), options);
const dataType = dataTypeCommands(
  () => excelDataTypeActions(app),
  (report) => {
    app.dataTypeReports.publish(report);
    void showPane(app.diagnostics);
  },
  options,
);

onOfficeReady(
  // The Index data type's domain, once per runtime where Excel has linked data types (ExcelApi 1.19): Excel can
  // then load and refresh Index cells as soon as the add-in runs. A refusal is tried again at the next Convert.
  // AutoComplete then offers the functions the connected service publishes, again after every settings change
  // (ExcelApi 1.20; Excel does not keep the list).
  () => {
    void app.indexDomain
      .register()
      .catch((error: unknown) => app.diagnostics.note({ where: "data type registration", error }));
    keepFunctionVisibility(app);
  },
  {
    refreshAll: (event) => void refreshAll(event),
    freezeForSharing: (event) => void sheet.freezeForSharing(event),
    refreshSheet: (event) => void sheet.refreshSheet(event),
    convertToIndex: (event) => void dataType.convertToIndex(event),
    convertToText: (event) => void dataType.convertToText(event),
  },
);

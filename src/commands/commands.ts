// The `commands` entry of the shared runtime: the ribbon's ExecuteFunction buttons.
import {
  dataTypeReports,
  excelDataTypeActions,
  excelDeskActions,
  getContext,
  indexDomain,
  keepFunctionVisibility,
  onOfficeReady,
  runtimeDiagnostics,
  showPane,
} from "../office";
import { dataTypeCommands } from "./data-type-commands";
import { deskCommands } from "./desk-commands";
import { refreshCommand } from "./refresh-command";

const refreshAll = refreshCommand(() => getContext().refresh());
const desk = deskCommands(() => excelDeskActions(getContext()));
const dataType = dataTypeCommands(
  () => excelDataTypeActions(getContext()),
  (report) => {
    dataTypeReports().publish(report);
    void showPane();
  },
);

onOfficeReady(
  // The Index data type's domain, once per runtime where Excel has linked data types (ExcelApi 1.19): Excel can
  // then load and refresh Index cells as soon as the add-in runs. A refusal is tried again at the next Convert.
  // AutoComplete then offers the functions the connected service publishes, again after every settings change
  // (ExcelApi 1.20; Excel does not keep the list).
  () => {
    void indexDomain()
      .register()
      .catch((error: unknown) => runtimeDiagnostics().note({ where: "data type registration", error }));
    keepFunctionVisibility(getContext());
  },
  {
    refreshAll: (event) => void refreshAll(event),
    freezeForSharing: (event) => void desk.freezeForSharing(event),
    refreshSheet: (event) => void desk.refreshSheet(event),
    convertToIndex: (event) => void dataType.convertToIndex(event),
    convertToText: (event) => void dataType.convertToText(event),
  },
);

// The one description of the add-in. Both manifests are rendered from it (xml-manifest.cjs: the add-in only XML
// manifest; unified-manifest.cjs: the unified manifest for Microsoft 365, JSON), so a name, a button or a
// requirement set is changed here and nowhere else. Paths are relative to the deploy base (ADDIN_BASE_URL).
const { version } = require("../../package.json");

/**
 * A ribbon button: `id` is the control's id in both manifests (its resids in the XML drop the "IndexData."
 * prefix: resids may hold at most 32 characters). `action` opens the task pane, or runs a function that
 * src/commands registers with Office.actions.associate(name, ...).
 */
const button = (id, label, tooltip, action) => ({ id, label, tooltip, action });
const run = (name) => ({ type: "executeFunction", name });
const SHOW_TASKPANE = { type: "showTaskpane" };

const ADDIN = {
  /** Never changes after release: Office and the admin center know the add-in by it. */
  id: "bdf0525c-de82-4625-8197-ef2d7eeb7940",
  /** package.json's version: the XML <Version> and the unified "version". Raise it with every manifest change. */
  version,
  provider: "Index Data",
  locale: "en-US",
  name: { short: "Index Data", full: "Index Data for Excel" },
  description: {
    short: "Benchmark price indexes in Excel: INDEX.* functions and a task pane.",
    full:
      "Benchmark price indexes in Excel: INDEX.* functions for latest fixes, history, volatility and forward curves, " +
      "with a task pane for settings and freshness.",
  },
  /** The unified manifest's accent colour: the icons' tile. */
  accentColor: "#0F6CBD",
  /** The custom functions' namespace: =INDEX.LATEST(...). Never changes: workbooks name it in every formula. */
  namespace: "INDEX",
  /**
   * One shared runtime page hosts the functions, the task pane and the ribbon commands: one JavaScript context,
   * one client, one cache. `functionsMetadata` is the file the build writes; the manifests name a copy whose name
   * carries the metadata's content hash (see versionedMetadataFile in manifest-files.cjs).
   */
  files: {
    runtimePage: "taskpane.html",
    functionsScript: "functions.js",
    functionsMetadata: "functions.json",
    help: "assets/help.html",
    privacy: "assets/privacy.html",
  },
  /** Requirement sets every client must support. */
  requirements: { SharedRuntime: "1.1" },
  /** The ribbon needs add-in commands; clients without them still get the functions. */
  commandRequirements: { AddinCommands: "1.1" },
  /** XML <Permissions> and the unified manifest's resource-specific permission of the same reach. */
  permissions: { xml: "ReadWriteDocument", unified: "Document.ReadWrite.User" },
  icons: {
    /** Ribbon icons by size (the XML manifest and the unified ribbon both need 16, 32 and 80). */
    ribbon: { 16: "assets/icon-16.png", 32: "assets/icon-32.png", 80: "assets/icon-80.png" },
    /** The add-in's icon in Office's add-in dialogs (XML IconUrl / HighResolutionIconUrl, unified alternateIcons). */
    addin: { 32: "assets/icon-32.png", 64: "assets/icon-64.png" },
    /** The Microsoft 365 app package's icons: in the package, not on the web server. */
    color: "assets/icon-color-192.png",
    outline: "assets/icon-outline-32.png",
  },
  getStarted: {
    title: "Index Data is ready",
    description:
      "Type =INDEX. in a cell to see the functions, or open the Index Data pane from the Home tab to set the service URL and API key.",
  },
  /** The task pane: the XML's TaskpaneId, and the unified manifest's openPage action id. */
  taskpane: { id: "ButtonId1", actionId: "ShowTaskpane" },
  /** The ribbon: groups on Excel's built-in tabs (TabHome, TabData, ...). A new group is one more entry. */
  ribbon: [
    {
      tab: "TabHome",
      group: {
        id: "IndexData.Group",
        label: "Index Data",
        controls: [
          button(
            "IndexData.TaskpaneButton",
            "Index Data",
            "Open the Index Data pane: browse indexes, check freshness and rate limits, and change the service settings.",
            SHOW_TASKPANE,
          ),
          button(
            "IndexData.RefreshButton",
            "Refresh",
            "Fetch fresh values for every INDEX formula in this workbook.",
            run("refreshAll"),
          ),
          button(
            "IndexData.RefreshSheetButton",
            "Refresh sheet",
            "Fetch fresh values for the INDEX formulas on the active sheet only: one request per index and resource they show.",
            run("refreshSheet"),
          ),
          button(
            "IndexData.FreezeButton",
            "Freeze for sharing",
            "Replace INDEX formulas by their values, for readers without the add-in: the selected block, or the active sheet when one cell is selected. A receipt sheet keeps the formulas.",
            run("freezeForSharing"),
          ),
        ],
      },
    },
    {
      // The Index data type beside Excel's own (Stocks, Geography) on the Data tab; src/commands registers both.
      tab: "TabData",
      group: {
        id: "IndexData.DataTypeGroup",
        label: "Index",
        controls: [
          button(
            "IndexData.ConvertButton",
            "Convert to Index",
            "Turn the selected index symbols into Index entities that Excel refreshes: =A1.Price, the card, Data > Refresh All. Where Excel has no linked data types, writes =INDEX.CARD formulas.",
            run("convertToIndex"),
          ),
          button(
            "IndexData.ConvertToTextButton",
            "Convert to text",
            "Turn the selected Index entities back into their symbols as plain text.",
            run("convertToText"),
          ),
        ],
      },
    },
  ],
};

module.exports = { ADDIN };

import { createStartupControl, type StartupControl } from "../../src/office/host/startup";
import { MemoryStorage } from "../../src/settings";

/** The actions' "Load with workbooks" control, over a memory store and no Office to ask (tests of other things). */
export const NO_STARTUP: { readonly startup: StartupControl } = {
  startup: createStartupControl(
    () => new MemoryStorage(),
    () => undefined,
  ),
};

/** "Refresh Index data types" where Excel has no linked data types (the field shows, disabled). */
export const NO_DATA_TYPE = {
  supported: () => false,
  refresh: async () => 0 as const,
  setRefresh: async () => undefined,
};

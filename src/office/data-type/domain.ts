import { loadDataTypeRefresh, saveDataTypeRefresh, type DataTypeRefresh, type KeyValueStorage } from "../../settings";
import { INDEX_DOMAIN } from "../../formulas";

/**
 * The "Index" linked data domain (ExcelApi 1.19): registered once per runtime, when Office is ready, wherever Excel
 * has linked data types; elsewhere never (Convert to Index writes INDEX.CARD formulas there). Registration is not
 * in the manifest: Excel knows the domain only while this runtime has added it.
 */

type ExcelRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/** The refresh modes spelled out, so this runs where the Excel enums are not loaded (tests, older office.js). */
const MODE = { onLoad: "OnLoad", manual: "Manual", periodic: "Periodic" } as const satisfies Record<
  string,
  `${Excel.LinkedEntityDataDomainRefreshMode}`
>;
type RefreshMode = (typeof MODE)[keyof typeof MODE];

/**
 * The domain's options for a refresh choice: on load and by hand by default (on load first: the mode of a workbook
 * that saved none); with a periodic choice, Periodic first and its interval (Excel refreshes on load then too).
 */
export function indexDomainOptions(refresh: DataTypeRefresh): Excel.LinkedEntityDataDomainCreateOptions {
  const base = {
    dataProvider: INDEX_DOMAIN.dataProvider,
    id: INDEX_DOMAIN.id,
    name: INDEX_DOMAIN.name,
    loadFunctionId: INDEX_DOMAIN.loadFunctionId,
  };
  const modes: RefreshMode[] = refresh === 0 ? [MODE.onLoad, MODE.manual] : [MODE.periodic, MODE.onLoad, MODE.manual];
  return {
    ...base,
    ...(refresh === 0 ? {} : { periodicRefreshInterval: refresh * 60 }),
    supportedRefreshModes: modes as Excel.LinkedEntityDataDomainRefreshMode[],
  };
}

/** True where this Excel supports ExcelApi `version`; false outside Office, or if the check throws. */
export function excelApiSupported(version: string): boolean {
  try {
    return typeof Office !== "undefined" && Office.context?.requirements?.isSetSupported("ExcelApi", version) === true;
  } catch {
    // Expected: an Office.js that cannot say has no linked data types.
    return false;
  }
}

/** Linked data types need ExcelApi 1.19 (Microsoft 365 on Windows 2504+, Mac 16.96+; not Excel on the web). */
export function linkedDataTypesSupported(): boolean {
  return excelApiSupported("1.19");
}

export interface IndexDomainControl {
  /** Whether this Excel has linked data types (else Convert to Index writes INDEX.CARD formulas). */
  supported(): boolean;
  /** Adds the domain, once per runtime (later calls wait for the first; a refusal is tried again); false where unsupported. */
  register(): Promise<boolean>;
  /** The stored refresh choice. */
  refresh(): Promise<DataTypeRefresh>;
  /** Stores a refresh choice and applies it to the domain at once; rejects if Excel refuses (the choice stays saved). */
  setRefresh(refresh: DataTypeRefresh): Promise<void>;
}

interface DomainHost {
  readonly run: ExcelRun;
  readonly supported: () => boolean;
  readonly storage: () => KeyValueStorage;
}

export function createIndexDomainControl(host: DomainHost): IndexDomainControl {
  let registered: Promise<boolean> | undefined;
  const register = () => {
    registered ??= (async () => {
      if (!host.supported()) return false;
      const refresh = await loadDataTypeRefresh(host.storage());
      await host.run((context) => addDomain(context, refresh, false));
      return true;
    })();
    // Expected: a refusal is not kept, and the next Convert to Index (or the pane) tries again; the caller gets
    // the same promise and its rejection (commands.ts records it).
    registered.catch(() => (registered = undefined));
    return registered;
  };
  return {
    supported: host.supported,
    register,
    refresh: () => loadDataTypeRefresh(host.storage()),
    async setRefresh(refresh) {
      const saved = await saveDataTypeRefresh(host.storage(), refresh);
      if (!(await register())) return;
      await host.run((context) => addDomain(context, saved, true));
    },
  };
}

/**
 * Adds the domain with the options of `refresh`. A domain of this id already there with other options (the choice
 * changed, or an earlier runtime of this workbook added it) is replaced: its interval cannot be changed in place.
 * A periodic choice is also made the domain's mode, over a mode the workbook saved; `chosen` (the user just picked
 * it in the pane) sets "on load" too.
 */
async function addDomain(context: Excel.RequestContext, refresh: DataTypeRefresh, chosen: boolean): Promise<void> {
  const options = indexDomainOptions(refresh);
  const domains = context.workbook.linkedEntityDataDomains;
  const existing = domains.getItemOrNullObject(INDEX_DOMAIN.id);
  // eslint-disable-next-line office-addins/no-navigational-load -- scalar properties of ExcelApi 1.19, newer than the plugin's list
  existing.load("loadFunctionId,periodicRefreshInterval,supportedRefreshModes");
  await context.sync();
  const same =
    !existing.isNullObject &&
    existing.loadFunctionId === options.loadFunctionId &&
    (refresh === 0 || existing.periodicRefreshInterval === options.periodicRefreshInterval) &&
    sameModes(existing.supportedRefreshModes, options.supportedRefreshModes ?? []);
  if (!same) {
    if (!existing.isNullObject) existing.delete();
    domains.add(options);
  }
  if (refresh !== 0 || chosen)
    domains.getItem(INDEX_DOMAIN.id).refreshMode = refresh === 0 ? MODE.onLoad : MODE.periodic;
  await context.sync();
}

/** The same refresh modes, in any order (the order only picks the mode of a workbook that saved none). */
function sameModes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((mode) => b.includes(mode));
}

/** The Index data type's domain in this Excel, its refresh kept in `storage`: the app context makes one. */
export function officeIndexDomain(storage: () => KeyValueStorage): IndexDomainControl {
  return createIndexDomainControl({ run: (batch) => Excel.run(batch), supported: linkedDataTypesSupported, storage });
}

import { OfficeMockObject } from "office-addin-mock";
import { MemoryStorage } from "../../../src/settings/storage";
import { atLeast } from "./excel-application";
import type { FakeWorkbook } from "./fake-workbook";
import { excelGlobal } from "./office-application";

/**
 * The Office host around the workbook fake: the globals Office.js gives an add-in, `Office` (onReady, HostType,
 * context.requirements, addin.setStartupBehavior, document settings), `OfficeRuntime.storage`, and `Excel` over a
 * FakeWorkbook (office-application.ts). Built of office-addin-mock objects; `install()` puts them in place and
 * `uninstall()` takes them away, as outside Office.
 */
/** The requirement sets a host has, each at its highest version; "not ready": it cannot say yet. */
export type Requirements = Readonly<Record<string, string>> | "not ready";

export interface OfficeHostOptions {
  /**
   * The requirement sets the host has, each at its highest version; "not ready": isSetSupported throws, as it can
   * before Office.onReady. @default { ExcelApi: the workbook's, or "1.20" }
   */
  readonly requirements?: Requirements;
  /** What Office.onReady says the host is: null outside Office. @default "Excel" */
  readonly host?: string | null;
  /** How Office.onReady settles: at once, never, or refused. @default "ready" */
  readonly onReady?: "ready" | "never" | "refused";
  /**
   * Office.addin (SharedRuntime 1.1): what setStartupBehavior answers, or false for a host without it.
   * @default it resolves
   */
  readonly addin?: false | (() => Promise<void>);
  /** The workbook `Excel.run` runs on; none: no `Excel` global. */
  readonly workbook?: FakeWorkbook;
}

type Globals = Record<"Office" | "Excel" | "OfficeRuntime", unknown>;

export class FakeOfficeHost {
  /** Every requirement set asked of context.requirements.isSetSupported ("ExcelApi 1.19"), in order. */
  readonly asked: string[] = [];
  /** Every behavior Office.addin.setStartupBehavior was asked for, in order. */
  readonly startupBehaviors: string[] = [];
  /** The document's settings as Office.context.document.settings holds them (kept in the file). */
  readonly documentSettings = new Map<string, unknown>();
  /** OfficeRuntime.storage: the add-in's own storage, outside the workbook. */
  readonly storage = new MemoryStorage();
  readonly office: OfficeMockObject;

  constructor(private readonly options: OfficeHostOptions = {}) {
    const { addin = () => Promise.resolve() } = options;
    const office: Record<string, unknown> = {
      context: {
        requirements: { isSetSupported: (name: string, version?: string) => this.isSetSupported(name, version) },
        document: {
          settings: {
            get: (name: string) => this.documentSettings.get(name) ?? null,
            set: (name: string, value: unknown) => void this.documentSettings.set(name, structuredClone(value)),
            remove: (name: string) => void this.documentSettings.delete(name),
            saveAsync: (callback?: (result: { status: string }) => void) => callback?.({ status: "succeeded" }),
          },
        },
      },
      onReady: () => this.ready(),
    };
    if (addin !== false)
      office.addin = {
        setStartupBehavior: (behavior: string) => {
          this.startupBehaviors.push(behavior);
          return addin();
        },
      };
    this.office = new OfficeMockObject(office);
    // An enum, read at once: no load() or sync() (office-addin-mock would make its values wait for one).
    Object.assign(this.office, {
      HostType: { Excel: "Excel", Word: "Word", PowerPoint: "PowerPoint", Outlook: "Outlook" },
    });
  }

  private isSetSupported(name: string, version?: string): boolean {
    this.asked.push(`${name} ${version ?? ""}`.trim());
    const { requirements, workbook } = this.options;
    if (requirements === "not ready") throw new Error("Office.context.requirements is not ready");
    const sets = requirements ?? { ExcelApi: workbook?.application.excelApi ?? "1.20" };
    const have = sets[name];
    return have !== undefined && (version === undefined || atLeast(have, version));
  }

  private ready(): Promise<{ host: string | null; platform: string | null }> {
    const { onReady = "ready", host = "Excel" } = this.options;
    if (onReady === "never") return new Promise(() => undefined);
    if (onReady === "refused") return Promise.reject(new Error("Office.onReady failed"));
    return Promise.resolve({ host, platform: host === null ? null : "PC" });
  }

  /** Puts `Office`, `OfficeRuntime` and (with a workbook) `Excel` in the global scope, as Office.js does. */
  install(): this {
    const globals = globalThis as unknown as Partial<Globals>;
    globals.Office = this.office;
    globals.OfficeRuntime = { storage: this.storage };
    if (this.options.workbook !== undefined) globals.Excel = excelGlobal(this.options.workbook);
    return this;
  }

  /** Takes the globals away again: the add-in is outside Office. */
  static uninstall(): void {
    const globals = globalThis as unknown as Partial<Globals>;
    delete globals.Office;
    delete globals.OfficeRuntime;
    delete globals.Excel;
  }
}

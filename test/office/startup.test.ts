import { MemoryStorage } from "../../src/settings/storage";
import { latestFormula } from "../../src/workbook/formula-text";
import { writeToActiveCell } from "../../src/office/insert/insert-formula";
import { LOAD_WITH_WORKBOOKS_KEY, createStartupControl, officeStartupHost } from "../../src/office/host/startup";
import { appStorage } from "../../src/office/app-context/app-storage";
import { excelWorkbookActions } from "../../src/office/workbook-actions";
import { insertWorkbook } from "../support/office-fake/custom-function-answers";
import { FakeOfficeHost } from "../support/office-fake/office-host";

/** "Load with workbooks that use Index Data": Office.addin.setStartupBehavior from the insert actions and the setting. */
const SYMBOL = "RTM-NWE-A-1x3";

/** Office (the fake host) whose addin answers each startup behavior it is asked for with `answer`. */
function officeWithAddin(answer: () => Promise<void> = () => Promise.resolve()): FakeOfficeHost {
  return new FakeOfficeHost({ addin: answer }).install();
}

afterEach(() => FakeOfficeHost.uninstall());

describe("inserting the first INDEX formula", () => {
  it("asks Office to load the add-in with the workbook once, through the taskpane's insert action", async () => {
    const asked = officeWithAddin().startupBehaviors;
    const book = insertWorkbook();
    const app = { startup: createStartupControl(() => new MemoryStorage()) };
    await excelWorkbookActions(app, undefined, book.run).insertLatest(SYMBOL);
    await excelWorkbookActions(app, undefined, book.run).insertAuditCard(SYMBOL);
    expect(book.formulaAt("Sheet1!B2")).toBe(`=INDEX.FIX("${SYMBOL}",TRUE)`);
    expect(asked).toEqual(["Load"]);
    expect(await app.startup.isOn()).toBe(true);
  });

  it("asks nothing when the user turned the setting off", async () => {
    const asked = officeWithAddin().startupBehaviors;
    const storage = new MemoryStorage();
    await storage.setItem(LOAD_WITH_WORKBOOKS_KEY, "false");
    const book = insertWorkbook();
    const cell = await book.run((context) =>
      writeToActiveCell(
        context,
        latestFormula(SYMBOL),
        createStartupControl(() => storage),
      ),
    );
    expect(cell.address).toBe("Sheet1!B2");
    expect(asked).toEqual([]);
  });

  it("still inserts when Office refuses the startup behavior, and asks again on the next insert", async () => {
    const asked = officeWithAddin(() => Promise.reject(new Error("not supported here"))).startupBehaviors;
    const control = createStartupControl(() => new MemoryStorage());
    const book = insertWorkbook();
    await expect(
      book.run((context) => writeToActiveCell(context, latestFormula(SYMBOL), control)),
    ).resolves.toMatchObject({ address: "Sheet1!B2" });
    await book.run((context) => writeToActiveCell(context, latestFormula(SYMBOL), control));
    expect(asked).toEqual(["Load", "Load"]);
  });

  it("inserts on hosts without Office.addin (no SharedRuntime 1.1) and outside Office", async () => {
    new FakeOfficeHost({ addin: false }).install();
    expect(officeStartupHost()).toBeUndefined();
    const book = insertWorkbook();
    await expect(
      book.run((context) =>
        writeToActiveCell(
          context,
          latestFormula(SYMBOL),
          createStartupControl(() => new MemoryStorage()),
        ),
      ),
    ).resolves.toBeDefined();
    FakeOfficeHost.uninstall();
    expect(officeStartupHost()).toBeUndefined();
    await expect(createStartupControl(() => new MemoryStorage()).setOn(true)).resolves.toBeUndefined();
  });
});

describe("the Load with workbooks setting", () => {
  it("is on by default, and turning it off tells Office not to load and is kept in OfficeRuntime.storage", async () => {
    const office = officeWithAddin();
    const asked = office.startupBehaviors;
    const officeStorage = office.storage;
    const control = createStartupControl(appStorage);
    expect(await control.isOn()).toBe(true);
    await control.setOn(false);
    expect(asked).toEqual(["None"]);
    expect(await officeStorage.getItem(LOAD_WITH_WORKBOOKS_KEY)).toBe("false");
    expect(await createStartupControl(appStorage).isOn()).toBe(false);
    await control.setOn(true);
    expect(asked).toEqual(["None", "Load"]);
    expect(await createStartupControl(appStorage).isOn()).toBe(true);
  });

  it("reports Office's refusal to the one who changed the setting, after saving it", async () => {
    officeWithAddin(() => Promise.reject(new Error("The API is not supported")));
    const storage = new MemoryStorage();
    await expect(createStartupControl(() => storage).setOn(false)).rejects.toThrow("The API is not supported");
    expect(await storage.getItem(LOAD_WITH_WORKBOOKS_KEY)).toBe("false");
  });
});

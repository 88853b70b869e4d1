import { OfficeMockObject } from "office-addin-mock";
import { officeError, sheetNameRefusal } from "./excel-rules";
import type { FakeSheet } from "./fake-workbook";
import type { OfficeObject, FakeContext } from "./office-context";

/** The workbook's collections on the workbook fake: its sheets, its names and the add-in's settings. */
/** workbook.names (ExcelApi 1.4): add a name for a range, look one up, get its range, delete it. */
export function namesObject(owner: FakeContext): OfficeObject {
  const item = (name: string, nullable: boolean): OfficeObject => {
    const object = new OfficeMockObject({ name: "", type: "Range" }) as OfficeObject;
    const target = owner.register(
      object,
      nullable,
      () => (owner.book.names.has(name) ? { rect: owner.book.names.get(name) } : undefined),
      () => ({ name: () => name, type: () => "Range" }),
    );
    Object.assign(object, {
      getRangeOrNullObject: () => owner.range(() => target()?.rect, true),
      delete: () => owner.queue(() => void owner.book.names.delete(name)),
    });
    return object;
  };
  const collection = new OfficeMockObject({ items: { name: "", type: "" } }) as OfficeObject;
  owner.items(
    "names",
    collection,
    () => [...owner.book.names.keys()],
    (name) => item(name, false),
  );
  return Object.assign(collection, {
    add: (name: string, reference: unknown, comment?: string) => {
      const resolve =
        typeof reference === "object" && reference !== null ? owner.rangeTargets.get(reference) : undefined;
      if (resolve === undefined) throw new Error("names.add takes a Range in these tests");
      // Excel keeps a name's comment to 255 characters; a longer one is refused.
      if (comment !== undefined && comment.length > 255)
        throw new Error(`InvalidArgument: a name's comment holds at most 255 characters (got ${comment.length})`);
      owner.queue(() => {
        const rect = resolve();
        if (rect === undefined) throw new Error("names.add: the range does not exist");
        if (owner.book.names.has(name)) throw new Error(`the name ${name} already exists`);
        owner.book.names.set(name, rect);
      });
      return item(name, false);
    },
    getItemOrNullObject: (name: string) => item(name, true),
  });
}

/** workbook.settings (ExcelApi 1.4): look a setting up (its value read after a sync), add or replace one. */
export function settingsObject(owner: FakeContext): Record<string, unknown> {
  const item = (key: string, nullable: boolean): OfficeObject => {
    const object = new OfficeMockObject({ key: "", value: "" }) as OfficeObject;
    owner.register(
      object,
      nullable,
      () => (owner.book.settings.get(key) === undefined ? undefined : key),
      (found) => ({ key: () => found, value: () => owner.book.settings.get(found) }),
    );
    return object;
  };
  return {
    getItemOrNullObject: (key: string) => item(key, true),
    add: (key: string, value: unknown) => {
      const written = structuredClone(value);
      owner.queue(() => void owner.book.settings.set(key, written));
      return item(key, false);
    },
  };
}

/** The sheets: by name or id, the active one, every one (items), a new one. */
export function worksheetsObject(owner: FakeContext): OfficeObject {
  const collection = new OfficeMockObject({ items: { name: "", id: "", visibility: "" } }) as OfficeObject;
  const byKey = (key: string) => () => owner.book.sheets.get(key) ?? owner.book.sheetById(key);
  owner.items(
    "worksheets",
    collection,
    () => [...owner.book.sheets.values()],
    (sheet) => owner.sheet(() => sheet, false),
  );
  Object.assign(collection, {
    getActiveWorksheet: () => owner.sheet(() => owner.book.sheets.get(owner.book.active), false),
    getItem: (key: string) => owner.sheet(byKey(key), false),
    getItemOrNullObject: (key: string) => owner.sheet(byKey(key), true),
    add: (name: string) => {
      let added: FakeSheet | undefined;
      owner.queue(() => {
        owner.book.fault("worksheets.add");
        const refusal = sheetNameRefusal(name, [...owner.book.sheets.keys()]);
        if (refusal !== undefined) throw officeError(refusal, `sheet name "${name}"`);
        added = owner.book.addSheet(name);
      });
      return owner.sheet(() => added, false);
    },
  });
  return collection;
}

import { OfficeMockObject } from "office-addin-mock";
import { officeError } from "./excel-rules";
import type { FakeContext, OfficeObject } from "./office-context";

/**
 * workbook.linkedEntityDataDomains (ExcelApi 1.19) on the workbook fake: add a domain (an id already there is
 * refused), look one up (its options readable after load and sync), delete it, set its refresh mode. Each change is
 * queued to the next sync and logged in the workbook's `domainCalls` when applied.
 */
function domainObject(owner: FakeContext, id: string, nullable: boolean): OfficeObject {
  const book = owner.book;
  const object = new OfficeMockObject({
    loadFunctionId: "",
    periodicRefreshInterval: 0,
    supportedRefreshModes: [],
    refreshMode: "",
  }) as OfficeObject;
  owner.register(
    object,
    nullable,
    () => book.domains.get(id),
    (found) => ({
      loadFunctionId: () => found.options.loadFunctionId ?? "",
      periodicRefreshInterval: () => found.options.periodicRefreshInterval ?? 0,
      supportedRefreshModes: () => found.options.supportedRefreshModes ?? [],
      refreshMode: () => found.refreshMode,
    }),
  );
  owner.trackWrites(object, ["refreshMode"], (_, mode) => {
    book.domainCalls.push(`refreshMode ${String(mode)}`);
    const found = book.domains.get(id);
    if (found === undefined) throw officeError("ItemNotFound", `no domain ${id}`);
    found.refreshMode = String(mode);
  });
  object.delete = () =>
    owner.queue(() => {
      book.domainCalls.push(`delete ${id}`);
      if (!book.domains.delete(id)) throw officeError("ItemNotFound", `no domain ${id}`);
    });
  return object;
}

export function domainsObject(owner: FakeContext): Record<string, unknown> {
  const book = owner.book;
  return {
    add: (options: Excel.LinkedEntityDataDomainCreateOptions) => {
      const created = structuredClone(options);
      owner.queue(() => {
        book.fault("linkedEntityDataDomains.add");
        book.domainCalls.push(`add ${created.id}`);
        if (book.domains.has(created.id)) throw officeError("ItemAlreadyExists", `a domain ${created.id} exists`);
        // A new domain starts in the first mode it supports (the add-in lists the one it wants first).
        book.domains.set(created.id, {
          options: created,
          refreshMode: String(created.supportedRefreshModes?.[0] ?? "Manual"),
        });
      });
    },
    getItem: (id: string) => domainObject(owner, id, false),
    getItemOrNullObject: (id: string) => domainObject(owner, id, true),
  };
}

import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client";
import {
  excelWatchListStore,
  WATCH_LISTS_SETTING,
  type WatchListStore,
} from "../../src/office/pricing-sheets/watch-lists";
import { watchListFile } from "../../src/workbook/pricing-sheets/watch-list";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * Watch lists on the workbook fake (its settings are what the file carries), the
 * catalogue from the reference service: lists made, renamed, reordered and deleted are read back by another store on
 * the same workbook; a list exported to its file and imported into another workbook is the same list; a hostile
 * file, an unknown symbol and a taken name are refused in words with nothing written.
 */
let service: RunningReferenceService;
let catalogue: () => Promise<readonly string[]>;

beforeAll(async () => {
  service = await startReferenceService({ rateLimits: { anonymous: 100_000 } });
  const client = new IndexDataClient({ baseUrl: service.url });
  catalogue = async () => (await client.listIndexes()).map((entry) => entry.symbol);
});

afterAll(() => service.close());

let ids = 0;
const store = (book: FakeWorkbook): WatchListStore =>
  excelWatchListStore(catalogue, book.run, () => `list-id-${String(++ids).padStart(4, "0")}`);

const A = "RTM-NWE-A-1x3";
const B = "RTM-NWE-B-1x3";
const DOTTED = "RTM-USG.B-2x4";

describe("a workbook's watch lists", () => {
  it("are made, renamed, reordered and deleted, and another store on the workbook reads what was saved", async () => {
    const book = new FakeWorkbook(async () => [[0]]);
    const lists = store(book);
    const metals = await lists.create({ name: "Metals", symbols: [A, B] });
    const asia = await lists.create({ name: " Asia ", symbols: ["RTM-SEA-A-1x3"] });
    expect(asia.name).toBe("Asia");
    await lists.update({ ...metals, name: "Europe", symbols: [DOTTED, B, A] });
    await lists.remove(asia.id);
    expect(await store(book).lists()).toEqual([{ id: metals.id, name: "Europe", symbols: [DOTTED, B, A] }]);
    // The setting names symbols only.
    expect(JSON.parse(String(book.settings.get(WATCH_LISTS_SETTING)))).toEqual({
      version: 1,
      lists: [{ id: metals.id, name: "Europe", symbols: [DOTTED, B, A] }],
    });
  });

  it("refuse a name another list has, in any case, and an empty list, writing nothing", async () => {
    const book = new FakeWorkbook(async () => [[0]]);
    const lists = store(book);
    await lists.create({ name: "Metals", symbols: [A] });
    const applied = book.changes;
    await expect(lists.create({ name: "metals", symbols: [B] })).rejects.toThrow(
      'There is already a list named "metals" in this workbook: choose another name.',
    );
    await expect(lists.create({ name: "Other", symbols: [] })).rejects.toThrow("Pick at least one index for the list.");
    expect(book.changes).toBe(applied);
  });

  it("leave a setting they cannot read as it is, and refuse every change, saying so", async () => {
    const book = new FakeWorkbook(async () => [[0]]);
    book.settings.set(WATCH_LISTS_SETTING, '{"version":2,"lists":[]}');
    const lists = store(book);
    const refusal =
      "This workbook's watch lists cannot be read (version: must be 1). They are left as they are; nothing was changed.";
    await expect(lists.lists()).rejects.toThrow(refusal);
    await expect(lists.create({ name: "Metals", symbols: [A] })).rejects.toThrow(refusal);
    expect(book.settings.get(WATCH_LISTS_SETTING)).toBe('{"version":2,"lists":[]}');
    expect(book.changes).toBe(0);
  });
});

describe("a list's file", () => {
  it("round-trips: exported from one workbook, imported into another, it is the same list", async () => {
    const mine = store(new FakeWorkbook(async () => [[0]]));
    const list = await mine.create({ name: "Desk — Europe", symbols: [DOTTED, A, B] });
    const file = watchListFile(list);
    expect(JSON.parse(file)).toEqual({
      kind: "index-data-watch-list",
      version: 1,
      name: "Desk — Europe",
      symbols: [DOTTED, A, B],
    });
    const colleague = new FakeWorkbook(async () => [[0]]);
    const imported = await store(colleague).importFile(file);
    expect({ name: imported.name, symbols: imported.symbols }).toEqual({ name: list.name, symbols: list.symbols });
    expect(await store(colleague).lists()).toEqual([imported]);
  });

  const valid = { kind: "index-data-watch-list", version: 1, name: "Desk", symbols: [A, B] };
  it.each([
    ["not JSON", "{ kind: index", "it is not a watch list file: it is not JSON"],
    [
      "a field of its own",
      JSON.stringify({ ...valid, apiKey: "secret" }),
      "apiKey: is not a field here (a watch list file holds kind, version, name and symbols)",
    ],
    [
      "another kind",
      JSON.stringify({ ...valid, kind: "index-data-pricing-template" }),
      'kind: must be "index-data-watch-list"',
    ],
    [
      "a path for a symbol",
      JSON.stringify({ ...valid, symbols: [A, "../../etc"] }),
      'symbols[1]: must be an index symbol such as "RTM-NWE-A-1x3" (letters, digits, ".", "_" and "-", at most 64 characters)',
    ],
    ["a symbol as a number", JSON.stringify({ ...valid, symbols: [42] }), "symbols[0]: must be a string"],
    ["no name", JSON.stringify({ ...valid, name: undefined }), "name: is missing"],
    [
      "a name with control characters",
      JSON.stringify({ ...valid, name: "Desk\u001b[31m" }),
      "name: must be plain text (no control characters)",
    ],
    [
      "201 symbols",
      JSON.stringify({ ...valid, symbols: Array.from({ length: 201 }, (_, i) => `S-${i}`) }),
      "symbols: at most 200 entries",
    ],
    ["a symbol twice", JSON.stringify({ ...valid, symbols: [A, A] }), "symbols: names a symbol twice"],
    [
      "100 KB",
      JSON.stringify({ ...valid, name: "x".repeat(100_000) }),
      "a watch list file holds at most 64,000 characters",
    ],
  ])("with %s is refused, naming the field, and nothing is written", async (_what, text, problem) => {
    const book = new FakeWorkbook(async () => [[0]]);
    await expect(store(book).importFile(text)).rejects.toThrow(
      `The file cannot be loaded: ${problem}. Nothing was added.`,
    );
    expect({ changes: book.changes, settings: book.settings.size }).toEqual({ changes: 0, settings: 0 });
  });

  it("naming a symbol the service does not list is refused, with the spelling it lists, and nothing is written", async () => {
    const book = new FakeWorkbook(async () => [[0]]);
    const file = watchListFile({ name: "Desk", symbols: [A, "RTM-NOPE-1x3", "rtm-nwe-b-1x3"] });
    await expect(store(book).importFile(file)).rejects.toThrow(
      '"RTM-NOPE-1x3", "rtm-nwe-b-1x3" (did you mean "RTM-NWE-B-1x3"?) are not indexes of this service: check the symbols (INDEX.LIST() shows every index). Nothing was added.',
    );
    expect(book.changes).toBe(0);
  });
});

describe("a list's name", () => {
  it.each([
    ["a right-to-left override", "abc\u202Egnp.exe", "U+202E (right-to-left override)"],
    ["a zero-width joiner", "Desk\u200Dlist", "U+200D (zero width joiner)"],
    ["a left-to-right isolate", "\u2066Metals", "U+2066 (left-to-right isolate)"],
  ])("holding %s is refused with the reason, and nothing is written", async (_what, name, char) => {
    const book = new FakeWorkbook(async () => [[0]]);
    await expect(store(book).create({ name, symbols: [A] })).rejects.toThrow(
      `A list's name must be visible text: it holds ${char}, an invisible character that reorders or hides text.`,
    );
    const file = watchListFile({ name, symbols: [A] });
    await expect(store(book).importFile(file)).rejects.toThrow(
      `The file cannot be loaded: name: must be visible text: it holds ${char}, an invisible character that reorders or hides text. Nothing was added.`,
    );
    expect(book.changes).toBe(0);
  });

  it("taken by another list, on an import: refused with a free name suggested, and imported under the name given", async () => {
    const book = new FakeWorkbook(async () => [[0]]);
    const lists = store(book);
    await lists.create({ name: "Metals", symbols: [A] });
    await lists.create({ name: "Metals (2)", symbols: [B] });
    const file = watchListFile({ name: "metals", symbols: [B, A] });
    const refusal = await lists.importFile(file).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      name: "WatchListProblem",
      message:
        'There is already a list named "metals" in this workbook: import it under another name. Nothing was added yet.',
      suggestedName: "metals (3)",
    });
    const imported = await lists.importFile(file, "Metals, from Rotterdam");
    expect((await lists.lists()).map((list) => [list.name, list.symbols])).toEqual([
      ["Metals", [A]],
      ["Metals (2)", [B]],
      ["Metals, from Rotterdam", [B, A]],
    ]);
    expect(imported.name).toBe("Metals, from Rotterdam");
  });
});

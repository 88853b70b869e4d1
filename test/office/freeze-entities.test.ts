import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { restoreFormulas } from "../../src/office/freeze/restore";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { DESK_A, useDeskRig } from "./sheet-support";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * A card (INDEX.CARD's entity) is frozen as a card: every property and its layout kept, no longer linked, so
 * `=B2.Confidence` beside it keeps working in the shared workbook; the receipt says so, and restore brings
 * the formula back. Where this Excel cannot read data types, the cell is frozen as its value, and the receipt
 * says that.
 */
const rig = useDeskRig();
const CARD = `=INDEX.CARD("${DESK_A}")`;

interface Card {
  readonly type: string;
  readonly text: string;
  readonly properties: Readonly<Record<string, { readonly basicValue?: unknown }>>;
}

/** A workbook whose `=B2.Field` formulas read a property of B2's card, as Excel's dot notation does. */
function bookWithFields(): FakeWorkbook {
  const book: FakeWorkbook = new FakeWorkbook(async (formula, address) => {
    const field = /^=([A-Z]+\d+)\.(\w+)$/.exec(formula);
    if (field === null) return rig.evaluate(formula, address);
    const card = book.shown(`Sheet1!${field[1]}`) as Card;
    return [[card.properties?.[field[2] ?? ""]?.basicValue ?? { type: "Error", basicValue: "#FIELD!" }]];
  });
  return book;
}

test("a card is frozen as a card: its fields stay readable with =B2.Confidence, and restore brings the formula back", async () => {
  const book = bookWithFields();
  book.type("Sheet1!B2", CARD);
  await book.settled();
  book.type("Sheet1!C2", "=B2.Confidence");
  await book.settled();
  const card = book.shown("Sheet1!B2") as Card;
  const confidence = book.shown("Sheet1!C2");
  expect(card.type).toBe("Entity");
  expect(typeof confidence).toBe("number");

  const outcome = await freezeForSharing(book.context, freezeOptions({ serviceUrl: rig.service.url }));
  expect(outcome.frozen).toBe(1);
  expect(book.formulaAt("Sheet1!B2")).toBeUndefined();
  expect(book.shown("Sheet1!B2")).toEqual({
    type: "Entity",
    text: card.text,
    properties: card.properties,
    layouts: expect.anything(),
    provider: expect.anything(),
  });
  book.calc("Sheet1", 1, 2);
  await book.settled();
  expect(book.shown("Sheet1!C2")).toBe(confidence);
  const [, row] = book.usedValues(RECEIPT_SHEET);
  expect(row?.[3]).toBe(JSON.stringify([[card.text]]));
  expect(row?.[8]).toBe("Kept as a card, with every field, no longer linked.");
  expect(row?.[11]).toMatch(/^cards-sha256:/);

  const restored = await restoreFormulas(book.context, restoreOptions());
  await book.settled();
  expect(restored.restored).toEqual(["Sheet1!B2"]);
  expect(book.formulaAt("Sheet1!B2")).toBe(CARD);
  expect((book.shown("Sheet1!B2") as Card).type).toBe("Entity");
});

test("a linked card from a later data type is frozen as a plain card: its id (the link) is dropped, nested ones too", async () => {
  const nested = {
    type: "LinkedEntity",
    id: { entityId: "n", domainId: "d", serviceId: 268, culture: "en-US" },
    text: "inner",
    properties: { Depth: { type: "Double", basicValue: 2 } },
  };
  const linked = {
    type: "LinkedEntity",
    id: { entityId: "x", domainId: "d", serviceId: 268, culture: "en-US" },
    text: "RTM 1.9",
    properties: { Value: { type: "Double", basicValue: 1.9 }, Inner: nested },
  };
  const book = new FakeWorkbook(async () => [[linked]]);
  book.type("Sheet1!B2", '=INDEX.CARD("RTM-NWE-A-1x3")');
  await book.settled();
  await freezeForSharing(book.context, freezeOptions());
  expect(book.shown("Sheet1!B2")).toEqual({
    type: "Entity",
    text: "RTM 1.9",
    properties: {
      Value: { type: "Double", basicValue: 1.9 },
      Inner: { type: "Entity", text: "inner", properties: { Depth: { type: "Double", basicValue: 2 } } },
    },
  });
});

test("where this Excel cannot read data types, the cell is frozen as its value and the receipt says so", async () => {
  const host = globalThis as { indexDataHostCapabilities?: { formattedNumbers: boolean } | undefined };
  const before = host.indexDataHostCapabilities;
  host.indexDataHostCapabilities = { formattedNumbers: false };
  try {
    const book = new FakeWorkbook(rig.evaluate);
    book.type("Sheet1!B2", CARD);
    await book.settled();
    const value = book.shown("Sheet1!B2");
    expect(typeof value).toBe("number");
    await freezeForSharing(book.context, freezeOptions({ serviceUrl: rig.service.url, dataTypes: false }));
    expect(book.shown("Sheet1!B2")).toBe(value);
    const [, row] = book.usedValues(RECEIPT_SHEET);
    expect(row?.[8]).toBe(
      "Frozen as plain values: this Excel cannot read data types (ExcelApi 1.16), so a card would lose its fields.",
    );
    expect(row?.[11]).toMatch(/^values-sha256:/);
    const restored = await restoreFormulas(book.context, restoreOptions({ dataTypes: false }));
    expect(restored.restored).toEqual(["Sheet1!B2"]);
  } finally {
    host.indexDataHostCapabilities = before;
  }
});

/*
 * The Index data type's cells are constants linked to the "index" domain (valuesAsJson LinkedEntity). Freezing
 * keeps each as a card with every property, no longer linked, in a named block with a signed receipt row; restore
 * links it again from its symbol.
 */
describe("Index data types", () => {
  test("are frozen as unlinked cards beside INDEX formulas, and restore links them again", async () => {
    const { linkedCard, linkedIndexValue } = await import("../../src/formulas/entity");
    const card = {
      type: "Entity",
      text: `${DESK_A} 1.9`,
      properties: { Price: { type: "Double", basicValue: 1.9 }, Confidence: { type: "Double", basicValue: 88 } },
    };
    const linked = linkedCard(card as unknown as Parameters<typeof linkedCard>[0], linkedIndexValue(DESK_A).id);
    const book = bookWithFields();
    book.type("Sheet1!B2", CARD);
    book.writeJson("Sheet1", 3, 1, linked); // B4: a converted symbol, loaded
    await book.settled();

    const outcome = await freezeForSharing(book.context, freezeOptions({ serviceUrl: rig.service.url }));
    expect(outcome).toMatchObject({
      frozen: 2,
      message: expect.stringMatching(/^Froze 1 INDEX formula and 1 Index data type; /),
    });
    const frozen = book.shown("Sheet1!B4") as Card & { id?: unknown };
    expect(frozen.type).toBe("Entity");
    expect(frozen.id).toBeUndefined();
    expect(frozen.text).toBe(card.text);
    expect(frozen.properties["Price"]?.basicValue).toBe(1.9);
    const rows = book.usedValues(RECEIPT_SHEET).slice(1);
    expect(rows.map((row) => row[2])).toEqual([CARD, `Index data type: ${DESK_A}`]);
    expect(rows[1]?.[11]).toMatch(/^cards-sha256:/);

    const restored = await restoreFormulas(book.context, restoreOptions());
    await book.settled();
    expect(restored.message).toBe("Restored 1 INDEX formula and linked 1 Index data type again.");
    expect(book.formulaAt("Sheet1!B2")).toBe(CARD);
    expect(book.shown("Sheet1!B4")).toMatchObject({
      type: "LinkedEntity",
      id: { entityId: DESK_A, domainId: "index" },
      text: DESK_A,
    });
    expect(book.usedValues(RECEIPT_SHEET).slice(1)).toEqual([]);
  });

  test("a frozen Index card the user changed since is left alone and listed", async () => {
    const { linkedIndexValue } = await import("../../src/formulas/entity");
    const book = bookWithFields();
    book.writeJson("Sheet1", 1, 1, {
      ...linkedIndexValue(DESK_A),
      properties: { Price: { type: "Double", basicValue: 1.9 } },
    });
    await freezeForSharing(book.context, freezeOptions({ serviceUrl: rig.service.url }));
    book.type("Sheet1!B2", 42);
    const restored = await restoreFormulas(book.context, restoreOptions());
    expect(restored.changed).toEqual(["Sheet1!B2"]);
    expect(book.shown("Sheet1!B2")).toBe(42);
  });
});

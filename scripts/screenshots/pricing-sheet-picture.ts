// The README's picture of a pricing sheet, for npm run screenshots: what the builder writes, on the project's workbook
// fake (the Office.js objects the tests use), each INDEX formula evaluated by the real functions against the
// screenshot's reference service, its number formats and conditional formats applied as Excel applies them
// (test/support/office-fake/cell-rules.ts), drawn as a grid in the table style the sheet wears. It is a picture of what the builder
// wrote, not of Excel.
import { DirectSource, IndexDataClient } from "../../src/client";
import { numberText } from "../../src/formulas";
import { excelPricingSheetActions } from "../../src/office/pricing-sheet-actions";
import { appContext } from "../../src/office/app-context/app-context";
import { DEFAULT_TEMPLATE } from "../../src/workbook/pricing-sheets/default-template";
import { columnLetters } from "../../src/workbook/sheet-address";
import { cellMark } from "../../test/support/office-fake/cell-rules";
import { wrapperEvaluator } from "../../test/office/sheet-support";
import { FakeWorkbook } from "../../test/support/office-fake/fake-workbook";

const SHEET = "Pricing North-West Europe";

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A cell as Excel shows it: its value in its number format, an error as its code. */
function shownText(book: FakeWorkbook, address: string): string {
  const cell = book.read(SHEET, ...position(address));
  if (cell.error === true) return String(cell.value);
  const value = cell.value as unknown;
  const basic = typeof value === "object" && value !== null ? (value as { basicValue?: unknown }).basicValue : value;
  if (typeof basic === "number") return numberText(basic, cell.format === "General" ? undefined : cell.format);
  return basic === undefined || basic === null ? "" : String(basic);
}

function position(address: string): [number, number] {
  const match = /^([A-Z]+)(\d+)$/.exec(address);
  if (match === null) throw new Error(`bad address ${address}`);
  let column = 0;
  for (const letter of match[1] ?? "") column = column * 26 + letter.charCodeAt(0) - 64;
  return [Number(match[2]) - 1, column - 1];
}

/** The HTML page of the table the builder wrote for the first `count` indexes of the catalogue matching `hub`. */
export async function pricingSheetPicture(serviceUrl: string, today: Date, hub = "NWE", count = 8): Promise<string> {
  await appContext().settings.save({ baseUrl: serviceUrl });
  const book = new FakeWorkbook(await wrapperEvaluator());
  const source = new DirectSource(new IndexDataClient({ baseUrl: serviceUrl }));
  const symbols = (await source.listIndexes()).data
    .map((entry) => entry.symbol)
    .filter((symbol) => symbol.includes(hub))
    .slice(0, count);
  const actions = excelPricingSheetActions(
    {
      userSource: source,
      indexDomain: { register: () => Promise.resolve(false) },
      startup: { afterFormulaInserted: () => Promise.resolve() },
    },
    { run: book.run, undoGroups: () => true },
  );
  const outcome = await actions.build(
    { id: "north-west-europe", name: "North-West Europe", symbols },
    DEFAULT_TEMPLATE,
  );
  if (!outcome.built) throw new Error(outcome.message);
  await book.settled();
  const columns = DEFAULT_TEMPLATE.columns.length + 1;
  const rows = Array.from({ length: symbols.length + 1 }, (_, r) =>
    Array.from({ length: columns }, (_, c) => {
      const address = `${columnLetters(c)}${r + 1}`;
      const mark = r === 0 ? {} : cellMark(book, `'${SHEET}'!${address}`, today);
      const style = [
        mark.fill !== undefined ? `background:${mark.fill}` : "",
        mark.font !== undefined ? `color:${mark.font}` : "",
      ].join(";");
      const tag = r === 0 ? "th" : "td";
      return `<${tag} style="${style}">${escape(shownText(book, address))}</${tag}>`;
    }).join(""),
  );
  return `<!doctype html><html><head><style>
    body { margin: 0; padding: 12px; background: #fff; font: 13px Calibri, Carlito, "Segoe UI", sans-serif; }
    table { border-collapse: collapse; }
    th { background: #4472C4; color: #fff; font-weight: bold; text-align: left; }
    th, td { padding: 2px 8px; white-space: nowrap; border: 1px solid #B4C6E7; }
    td { text-align: right; } td:first-child { text-align: left; }
    tr:nth-child(even) td { background-color: #D9E1F2; }
  </style></head><body><table aria-label="${escape(SHEET)}">${rows.map((row) => `<tr>${row}</tr>`).join("")}</table></body></html>`;
}

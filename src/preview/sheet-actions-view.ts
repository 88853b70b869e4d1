import { describeOutcome, describePlan, type RefreshPlan, type RefreshScope } from "../office";
import { READER_COLUMNS, RECEIPT_FIELDS, RECEIPT_HEADER, type ReceiptRow } from "../workbook";
import type { PreviewDataType } from "./data-type";
import type { PreviewSheetActions } from "./preview-sheet-actions";

/** The reader's receipt fields in RECEIPT_HEADER's order (the page's receipt has no blocks or signatures to show). */
const FIELDS = RECEIPT_FIELDS.slice(0, READER_COLUMNS);

function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`preview.html lacks #${id}`);
  return node as T;
}

/** The receipt as a table: text nodes only, one row per frozen line. */
function showReceipt(table: HTMLTableElement, rows: readonly ReceiptRow[]): void {
  const head = document.createElement("tr");
  for (const title of RECEIPT_HEADER.slice(0, FIELDS.length))
    head.append(Object.assign(document.createElement("th"), { textContent: title }));
  const body = rows.map((row) => {
    const tr = document.createElement("tr");
    tr.dataset["cell"] = row.cell;
    for (const field of FIELDS) {
      const td = document.createElement("td");
      td.dataset["field"] = field;
      td.textContent = row[field];
      tr.append(td);
    }
    return tr;
  });
  table.replaceChildren(...(rows.length > 0 ? [head, ...body] : []));
  table.hidden = rows.length === 0;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Wires Freeze, Restore and Refresh scope. Refresh scope shows its plan (cells, requests) first and runs only
 * when the user confirms it. `reload` re-reads the lines after Restore wrote formulas back into the editor.
 */
export function wireSheetActions(
  sheet: PreviewSheetActions,
  editor: { read(): string[]; write(lines: readonly string[]): void },
  reload: () => void,
): void {
  const message = byId<HTMLElement>("sheet-message");
  const receipt = byId<HTMLTableElement>("receipt");
  const say = (text: string) => {
    message.textContent = text;
    showReceipt(receipt, sheet.receipt);
  };
  byId<HTMLButtonElement>("freeze").addEventListener("click", () => {
    sheet.freeze().then(
      (text) => {
        editor.write(sheet.lines.texts());
        say(text);
      },
      (error: unknown) => say(`Freeze failed: ${reason(error)}`),
    );
  });
  byId<HTMLButtonElement>("restore").addEventListener("click", () => {
    const { texts, message: text } = sheet.restore(editor.read());
    editor.write(texts);
    reload();
    say(text);
  });
  wireRefreshScope(sheet, say);
}

function wireRefreshScope(sheet: PreviewSheetActions, say: (text: string) => void): void {
  const scope = byId<HTMLSelectElement>("refresh-scope");
  const planText = byId<HTMLElement>("scope-plan");
  const run = byId<HTMLButtonElement>("run-refresh");
  let planned: RefreshPlan | undefined;
  byId<HTMLButtonElement>("plan-refresh").addEventListener("click", () => {
    sheet.planRefresh(scope.value as RefreshScope).then(
      (plan) => {
        planned = plan;
        planText.textContent = describePlan(plan);
        planText.dataset["cells"] = String(plan.addresses.length);
        planText.dataset["requests"] = String(plan.keys.length);
        run.hidden = plan.addresses.length === 0;
      },
      (error: unknown) => say(`Refresh scope failed: ${reason(error)}`),
    );
  });
  run.addEventListener("click", () => {
    const plan = planned;
    if (plan === undefined) return;
    planned = undefined;
    run.hidden = true;
    run.disabled = true;
    sheet
      .runRefresh(plan)
      .then(
        (outcome) => say(describeOutcome(outcome, "line")),
        (error: unknown) => say(`Refresh failed: ${reason(error)}`),
      )
      .finally(() => (run.disabled = false));
  });
}

/** Convert to Index and Convert to text on the checked lines (or all): the lines change in place, the message says how. */
export function wireDataType(dataType: PreviewDataType, editor: { write(lines: readonly string[]): void }): void {
  const message = byId<HTMLElement>("sheet-message");
  const lines = () => editor.write(dataType.lines.texts());
  byId<HTMLButtonElement>("convert-index").addEventListener("click", () => {
    dataType.convert().then(
      (text) => {
        lines();
        message.textContent = text;
      },
      (error: unknown) => (message.textContent = `Convert to Index failed: ${reason(error)}`),
    );
  });
  byId<HTMLButtonElement>("convert-text").addEventListener("click", () => {
    message.textContent = dataType.toText();
    lines();
  });
}

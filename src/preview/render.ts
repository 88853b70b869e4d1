import { cardElement } from "./card-view";
import type { Outcome, PreviewCell } from "./outcome";

/** Renders outcomes with DOM text nodes only: service text never becomes markup. */

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cellElement(cell: PreviewCell): HTMLTableCellElement {
  const td = element("td", `cell ${cell.kind}`, cell.kind === "entity" ? undefined : cell.text);
  if (cell.kind === "entity") td.append(cardElement(cell.entity));
  td.dataset["kind"] = cell.kind;
  if (cell.kind === "number" || cell.kind === "date") td.dataset["value"] = String(cell.value);
  if (cell.kind === "error") {
    td.dataset["message"] = cell.message;
    td.title = cell.message;
  }
  return td;
}

function table(rows: readonly (readonly PreviewCell[])[]): HTMLTableElement {
  const node = element("table", "spill");
  for (const row of rows) {
    const tr = element("tr");
    for (const cell of row) tr.append(cellElement(cell));
    node.append(tr);
  }
  return node;
}

/** The cell a result line stands in: line 0 is A1. */
function cellAddress(index: number): string {
  return `A${index + 1}`;
}

/** One formula's row in the results: its text, then what it shows now. */
export class ResultView {
  readonly root: HTMLElement;
  readonly #body: HTMLElement;
  /** The line's checkbox: checked lines are the "selection" of Freeze, Restore and Refresh scope. */
  readonly select: HTMLInputElement;
  readonly #frozenMark: HTMLElement;
  readonly #linkedMark: HTMLElement;
  #updates = 0;

  constructor(index: number, formula: string, onStop?: () => void) {
    this.root = element("section", "result");
    this.root.dataset["index"] = String(index);
    const heading = element("div", "formula");
    // Lines are the cells A1, A2, … of column A, so a later line can read a field: =A1.Confidence.
    this.root.dataset["address"] = cellAddress(index);
    this.select = element("input", "select");
    this.select.type = "checkbox";
    this.select.setAttribute("aria-label", `Select ${cellAddress(index)}`);
    this.#frozenMark = element("span", "frozen-mark", "frozen");
    this.#frozenMark.hidden = true;
    this.#linkedMark = element("span", "linked-mark", "Index");
    this.#linkedMark.hidden = true;
    heading.append(
      this.select,
      element("span", "address", cellAddress(index)),
      element("code", undefined, formula),
      this.#frozenMark,
      this.#linkedMark,
    );
    if (onStop !== undefined) {
      const stop = element("button", "stop", "Stop");
      stop.type = "button";
      stop.addEventListener("click", onStop);
      heading.append(stop);
    }
    this.#body = element("div", "outcome");
    this.root.append(heading, this.#body);
  }

  /** A frozen line shows the value written in place of its formula, marked so. */
  markFrozen(frozen: boolean): void {
    this.#frozenMark.hidden = !frozen;
    if (frozen) this.root.dataset["frozen"] = "true";
    else delete this.root.dataset["frozen"];
  }

  /** A line Convert to Index linked shows the entity the load service gives, marked as an Index entity. */
  markLinked(linked: boolean): void {
    this.#linkedMark.hidden = !linked;
    if (linked) this.root.dataset["linked"] = "true";
    else delete this.root.dataset["linked"];
  }

  show(outcome: Outcome): void {
    this.root.dataset["state"] = outcome.state;
    if (outcome.state !== "busy") this.root.dataset["updates"] = String(++this.#updates);
    this.#body.replaceChildren(this.#content(outcome));
  }

  #content(outcome: Outcome): HTMLElement {
    if (outcome.state === "busy") return element("p", "busy", "#BUSY! computing…");
    if (outcome.state === "value") {
      // A single entity (INDEX.CARD, or a field that is itself an entity) is drawn as its card.
      const only = outcome.rows.length === 1 && outcome.rows[0]?.length === 1 ? outcome.rows[0][0] : undefined;
      return only?.kind === "entity" ? cardElement(only.entity) : table(outcome.rows);
    }
    const line = element("p", outcome.raw ? "error raw" : "error");
    line.append(
      element("span", "code", outcome.code),
      document.createTextNode(" "),
      element("span", "message", outcome.message),
    );
    return line;
  }
}

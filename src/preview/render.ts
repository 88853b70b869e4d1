import type { Outcome, PreviewCell } from "./outcome";

/** Renders outcomes with DOM text nodes only: service text never becomes markup. */

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cellElement(cell: PreviewCell): HTMLTableCellElement {
  const td = element("td", `cell ${cell.kind}`, cell.text);
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

/** One formula's row in the results: its text, then what it shows now. */
export class ResultView {
  readonly root: HTMLElement;
  readonly #body: HTMLElement;
  #updates = 0;

  constructor(index: number, formula: string, onStop?: () => void) {
    this.root = element("section", "result");
    this.root.dataset["index"] = String(index);
    const heading = element("div", "formula");
    heading.append(element("code", undefined, formula));
    if (onStop !== undefined) {
      const stop = element("button", "stop", "Stop");
      stop.type = "button";
      stop.addEventListener("click", onStop);
      heading.append(stop);
    }
    this.#body = element("div", "outcome");
    this.root.append(heading, this.#body);
  }

  show(outcome: Outcome): void {
    this.root.dataset["state"] = outcome.state;
    if (outcome.state !== "busy") this.root.dataset["updates"] = String(++this.#updates);
    this.#body.replaceChildren(this.#content(outcome));
  }

  #content(outcome: Outcome): HTMLElement {
    if (outcome.state === "busy") return element("p", "busy", "#BUSY! computing…");
    if (outcome.state === "value") return table(outcome.rows);
    const line = element("p", outcome.raw ? "error raw" : "error");
    line.append(element("span", "code", outcome.code), document.createTextNode(" "), element("span", "message", outcome.message));
    return line;
  }
}

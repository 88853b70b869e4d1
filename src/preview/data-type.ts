import type { IndexDataSource } from "../client";
import {
  INDEX_DOMAIN,
  INDEX_ENTITY_CULTURE,
  linkedAsEntity,
  LinkedEntityLoadServiceResult,
  planToIndex,
  toIndexMessage,
  toTextMessage,
  type SelectedCell,
} from "../formulas";
import { outcomeOfRejection, type Outcome } from "./outcome";
import type { PreviewLines } from "./lines";
import type { CustomFunctionsStandIn } from "./custom-functions-stand-in";

/**
 * The Index data type in the preview, so it can be tried without Excel: Convert to Index links the lines that hold
 * a catalogue symbol (the same plan and message as in Excel), and a linked line shows the entity the real load
 * service of the bundle answers, as Excel would ask for it: the linked lines of one evaluation in one batch.
 * Refresh asks again, as Data > Refresh All does; `=A1.Price` reads a field, as on any card.
 */
export class PreviewDataType {
  /** Linked lines: row → symbol. A line whose text no longer is its symbol is plain text again. */
  readonly #linked = new Map<number, string>();
  #batch: { symbol: string; settle: (outcome: Outcome) => void }[] = [];

  constructor(
    readonly lines: PreviewLines,
    private readonly standIn: CustomFunctionsStandIn,
    private readonly catalogue: Pick<IndexDataSource, "listIndexes">,
  ) {}

  /** The entity a linked line shows, loaded in this evaluation's batch; undefined for a line that is not linked. */
  linkedOutcome(row: number, text: string): Promise<Outcome> | undefined {
    const symbol = this.#linked.get(row);
    if (symbol === undefined || text.trim() !== symbol) return undefined;
    return new Promise((settle) => {
      if (this.#batch.length === 0) queueMicrotask(() => void this.#send());
      this.#batch.push({ symbol, settle });
    });
  }

  /** Links the checked lines (or all) holding a catalogue symbol; says what it did, listing every line left alone. */
  async convert(): Promise<string> {
    const rows = this.#scopeRows();
    const already = rows.filter((row) => this.#linked.has(row)).length;
    const texts = this.lines.texts();
    const cells: SelectedCell[][] = rows.map((row) => {
      const text = this.#linked.has(row) ? undefined : texts[row - 1];
      return [{ address: `A${row}`, formula: text, value: text ?? "" }];
    });
    const plan = planToIndex(
      cells,
      (await this.catalogue.listIndexes()).data.map((entry) => entry.symbol),
    );
    plan.grid.forEach(([conversion], index) => {
      const row = rows[index];
      if (conversion === undefined || row === undefined) return;
      this.#linked.set(row, conversion.symbol);
      this.lines.write(row, conversion.symbol);
    });
    return toIndexMessage({ ...plan, already }, "entities");
  }

  /** Turns the checked (or all) linked lines back into their symbol as text. */
  toText(): string {
    const rows = this.#scopeRows().filter((row) => this.#linked.has(row));
    rows.forEach((row) => {
      const symbol = this.#linked.get(row) ?? "";
      this.#linked.delete(row);
      this.lines.write(row, symbol);
    });
    return toTextMessage({ grid: [], converted: rows.length });
  }

  isLinked(row: number): boolean {
    return this.#linked.has(row);
  }

  #scopeRows(): number[] {
    const checked = this.lines.checkedRows();
    return checked.length > 0 ? checked : this.lines.texts().map((_, index) => index + 1);
  }

  /** One load service call for the batch, as Excel makes it; a refused batch shows #CONNECT!, as Excel documents. */
  async #send(): Promise<void> {
    const batch = this.#batch;
    this.#batch = [];
    const service = this.standIn.functions.get(INDEX_DOMAIN.loadFunctionId);
    const request = JSON.stringify({
      domainId: INDEX_DOMAIN.id,
      entities: batch.map(({ symbol }) => ({ entityId: symbol, culture: INDEX_ENTITY_CULTURE })),
    });
    try {
      if (service === undefined) throw new Error(`the bundle registers no ${INDEX_DOMAIN.loadFunctionId}`);
      const { entities } = LinkedEntityLoadServiceResult.parse(await service(request));
      if (entities.length !== batch.length)
        throw new Error(`${entities.length} entities answered for ${batch.length} asked`);
      batch.forEach(({ settle }, index) => {
        const entity = linkedAsEntity(
          entities[index] ?? { type: "LinkedEntity", id: { entityId: "", serviceId: 0, culture: "" } },
        );
        settle({ state: "value", rows: [[{ kind: "entity", entity, text: entity.text }]] });
      });
    } catch (error) {
      const refused = outcomeOfRejection(error);
      batch.forEach(({ settle }) => settle(refused.state === "error" ? { ...refused, code: "#CONNECT!" } : refused));
    }
  }
}

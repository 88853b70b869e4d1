import type { AppContext } from "../office";
import type { FunctionMetadata } from "./coerce";
import { PreviewDataType } from "./data-type";
import { PreviewSheetActions } from "./preview-sheet-actions";
import { wireDataType, wireSheetActions } from "./sheet-actions-view";
import { PreviewLines } from "./lines";
import type { CustomFunctionsStandIn } from "./custom-functions-stand-in";
import { wireKeySetting } from "./key-setting";

/** Points the shared context at `?service=` when given; returns the base URL in use. */
async function applyServiceParameter(app: AppContext): Promise<string> {
  const settings = app.settings;
  const current = await settings.load();
  const service = new URLSearchParams(location.search).get("service");
  if (service === null || service === "" || service === current.baseUrl) return current.baseUrl;
  // A link must not be able to send a stored key to a host of its choosing: the key stays behind. Nor can it make
  // the page believe that host's stale marks: the gateway switch is off for it (settings-model.ts).
  const saved = await settings.save({ baseUrl: service, keyHeaderStyle: current.keyHeaderStyle });
  return saved.baseUrl;
}

async function loadMetadata(): Promise<Map<string, FunctionMetadata>> {
  const response = await fetch("functions.json");
  if (!response.ok) throw new Error(`functions.json: HTTP ${response.status}`);
  const body = (await response.json()) as { functions?: FunctionMetadata[] };
  return new Map((body.functions ?? []).map((fn) => [fn.id.toUpperCase(), fn]));
}

function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`preview.html lacks #${id}`);
  return node as T;
}

/** What the freshness line says: when the last refresh was, and how many cells were served from last-known values. */
function freshnessText(app: AppContext): string {
  const { lastRefreshedAt, staleCells } = app.snapshot();
  const when =
    lastRefreshedAt === undefined
      ? "Not refreshed yet"
      : `Last refreshed ${new Date(lastRefreshedAt).toLocaleTimeString()}`;
  return staleCells > 0 ? `${when} · ${staleCells} from last-known values` : when;
}

/** The formula box as lines: one per non-empty line, trimmed (line n is the cell A<n>). */
function editorOf(formulas: HTMLTextAreaElement) {
  return {
    read: () =>
      formulas.value
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    write: (lines: readonly string[]) => void (formulas.value = lines.join("\n")),
  };
}

/**
 * Wires the page: service line, formula box, Evaluate and Refresh buttons, the sheet actions, results. `standIn` is the
 * custom functions stand-in, `app` the app context the functions bundle evaluates in.
 */
export async function bootPreview(standIn: CustomFunctionsStandIn, app: AppContext): Promise<void> {
  const status = byId<HTMLElement>("service");
  try {
    const [baseUrl, metadata] = await Promise.all([applyServiceParameter(app), loadMetadata()]);
    status.textContent = `Service: ${baseUrl} · ${standIn.functions.size} functions registered`;
    const editor = editorOf(byId<HTMLTextAreaElement>("formulas"));
    const freshness = byId<HTMLElement>("freshness");
    const holder: { sheet?: PreviewSheetActions; dataType?: PreviewDataType } = {};
    const lines = new PreviewLines({
      standIn,
      metadata,
      results: byId("results"),
      frozen: (row, text) => holder.sheet?.frozenOutcome(row, text),
      linked: (row, text) => holder.dataType?.linkedOutcome(row, text),
    });
    const sheet = (holder.sheet = new PreviewSheetActions(lines, app));
    const dataType = (holder.dataType = new PreviewDataType(lines, standIn, app.userSource));
    const evaluateAll = () => lines.load(editor.read());
    byId<HTMLButtonElement>("evaluate").addEventListener("click", evaluateAll);
    // Refresh as the ribbon does it; outside Excel nothing recalculates, so the page re-evaluates, as Excel would.
    const refresh = byId<HTMLButtonElement>("refresh");
    refresh.addEventListener("click", () => {
      refresh.disabled = true;
      void app
        .refresh()
        .then(evaluateAll, (error: unknown) => {
          freshness.textContent = `Refresh failed: ${error instanceof Error ? error.message : String(error)}`;
        })
        .finally(() => (refresh.disabled = false));
    });
    wireSheetActions(sheet, editor, evaluateAll);
    wireDataType(dataType, editor);
    wireKeySetting(app.settings);
    app.subscribe(() => (freshness.textContent = freshnessText(app)));
    document.body.dataset["ready"] = "true";
  } catch (error) {
    status.textContent = `The preview could not start: ${error instanceof Error ? error.message : String(error)}`;
    document.body.dataset["ready"] = "failed";
  }
}

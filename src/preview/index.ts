// The formula preview: runs the real functions bundle (functions.json + functions.js) outside Excel.
// This chunk runs first (webpack chunk order), installs the CustomFunctions stand-in that the functions
// bundle registers into, then evaluates the formulas typed on the page.
import { installCustomFunctionsStandIn } from "./custom-functions-stand-in";
import { bootPreview } from "./page";
import type { ExcelCapabilities } from "../formulas";
import { appContext } from "../office";

const standIn = installCustomFunctionsStandIn(globalThis as unknown as Record<string, unknown>);

// The preview stands in for the host, so it says what the host can show: dates as formatted numbers
// (CustomFunctionsRuntime 1.4), or plain serials with ?dates=serial to see the fallback; cards with reference
// methods (ExcelApi 1.19), or without them with ?methods=none.
function hostCapabilities(search: string): ExcelCapabilities {
  const query = new URLSearchParams(search);
  return { formattedNumbers: query.get("dates") !== "serial", referenceMethods: query.get("methods") !== "none" };
}
(globalThis as { indexDataHostCapabilities?: ExcelCapabilities }).indexDataHostCapabilities = hostCapabilities(
  globalThis.location?.search ?? "",
);

// Deferred scripts (this one and the functions bundle) have all run by DOMContentLoaded.
const boot = () => void bootPreview(standIn, appContext());
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
else boot();

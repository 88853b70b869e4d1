// The formula preview: runs the real functions bundle (functions.json + functions.js) outside Excel.
// This chunk runs first (webpack chunk order), installs the CustomFunctions stand-in that the functions
// bundle registers into, then evaluates the formulas typed on the page.
import { installRuntimeStandIn } from "./runtime-stand-in";
import { bootPreview } from "./page";

const runtime = installRuntimeStandIn(globalThis as unknown as Record<string, unknown>);

// The preview stands in for the host, so it says what the host can show: dates as formatted numbers
// (CustomFunctionsRuntime 1.4), or plain serials with ?dates=serial to see the fallback.
const datesAsSerials = new URLSearchParams(globalThis.location?.search ?? "").get("dates") === "serial";
(globalThis as { indexDataHostCapabilities?: { formattedNumbers: boolean } }).indexDataHostCapabilities = {
  formattedNumbers: !datesAsSerials,
};

// Deferred scripts (this one and the functions bundle) have all run by DOMContentLoaded.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => void bootPreview(runtime));
else void bootPreview(runtime);

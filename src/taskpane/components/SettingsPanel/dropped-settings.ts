import type { DroppedSetting, SettingsField } from "../../../settings";

/** Each setting as the Settings panel labels its field; the notice names a left-out setting the same way. */
export const SETTINGS_FIELD_LABELS: Readonly<Record<SettingsField, string>> = {
  baseUrl: "Service base URL",
  apiKey: "API key",
  keyHeaderStyle: "Key header style",
  gateway: "This URL is my desk's Index Data gateway",
  signIn: "Gateway sign-in",
};

/** Why a setting bound to the base URL that was set back is not used, and what to do. */
const SERVICE_DROPPED: Readonly<Record<"apiKey" | "gateway" | "signIn", (label: string, outcome: string) => string>> = {
  apiKey: (label, outcome) =>
    `${label} ${outcome}: it was saved for the service base URL that was set back, and a key is never sent to another service. Paste it again once the URL is right.`,
  gateway: (label, outcome) =>
    `"${label}" ${outcome}: it was said of the service base URL that was set back. Turn it on again once the URL is your gateway's.`,
  signIn: (label, outcome) =>
    `${label} ${outcome}: it was saved for the service base URL that was set back, and a sign-in token goes only to its own gateway. Enter it again once the URL is your gateway's.`,
};

/** The notice's title, for this many settings left out. */
export function droppedSettingsTitle(count: number): string {
  return count === 1 ? "A saved setting was not used" : "Some saved settings were not used";
}

/** What the notice asks of the user once it has said what was left out. */
export const DROPPED_SETTINGS_ADVICE =
  "The add-in uses the settings shown below. Check them and choose Save to store them.";

/** One setting left out when the stored settings were loaded: which setting, what happened to it, and why. */
export function droppedSettingLine(dropped: DroppedSetting): string {
  const label = SETTINGS_FIELD_LABELS[dropped.field];
  const outcome =
    dropped.field === "apiKey"
      ? "is not used"
      : dropped.field === "gateway"
        ? "was turned off"
        : "was set back to its default";
  switch (dropped.because) {
    case "rule":
      return `${label}${dropped.value !== undefined ? ` "${dropped.value}"` : ""} ${outcome}: ${dropped.message}`;
    case "unreadable":
      return `${label} ${outcome}: the saved value could not be read.`;
    case "service-dropped":
      return SERVICE_DROPPED[dropped.field](label, outcome);
  }
}

import type { SettingsStore } from "../client";

/**
 * The page's API key field: the key goes to the shared settings store (memory here, as outside Office), so
 * the preview can call a keyed service. The field is cleared once saved; the key is never shown again.
 */
export function wireKeySetting(settings: SettingsStore): void {
  const input = document.getElementById("api-key") as HTMLInputElement | null;
  const save = document.getElementById("save-key");
  const said = document.getElementById("key-status");
  if (input === null || save === null || said === null) return;
  save.addEventListener("click", () => {
    const apiKey = input.value.trim();
    settings
      .load()
      .then((current) =>
        settings.save({
          baseUrl: current.baseUrl,
          keyHeaderStyle: current.keyHeaderStyle,
          gateway: current.gateway === true,
          ...(apiKey !== "" ? { apiKey } : {}),
        }),
      )
      .then(
        (saved) => {
          input.value = "";
          said.textContent =
            saved.apiKey !== undefined ? "Key saved for this page; press Evaluate." : "No key: calls are anonymous.";
        },
        (error: unknown) => (said.textContent = error instanceof Error ? error.message : String(error)),
      );
  });
}

import { Button, Field, Input } from "@fluentui/react-components";
import { SETTINGS_FIELD_LABELS } from "./dropped-settings";
import type { ApiKeyFieldProps } from "./SettingsPanel.types";

/** The API key, masked unless revealed; a stored key is never put on screen without a click on Show. */
export function ApiKeyField({
  draft,
  onDraftChange,
  hasSavedKey,
  revealed,
  onRevealChange,
  validationMessage,
}: ApiKeyFieldProps) {
  const hint = hasSavedKey
    ? "A key is saved in this add-in's storage (not in the workbook). Type a new one to replace it."
    : "Optional. Without a key the public tier applies.";
  return (
    <Field label={SETTINGS_FIELD_LABELS.apiKey} hint={hint} validationMessage={validationMessage ?? null}>
      <Input
        type={revealed ? "text" : "password"}
        value={draft}
        autoComplete="off"
        spellCheck={false}
        placeholder={hasSavedKey ? "•••••••• (saved key hidden)" : "Paste your API key"}
        onChange={(_event, data) => onDraftChange(data.value)}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            aria-pressed={revealed}
            aria-label={revealed ? "Hide API key" : "Show API key"}
            onClick={() => onRevealChange(!revealed)}
          >
            {revealed ? "Hide" : "Show"}
          </Button>
        }
      />
    </Field>
  );
}

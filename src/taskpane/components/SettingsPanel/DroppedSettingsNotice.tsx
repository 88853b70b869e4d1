import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { DROPPED_SETTINGS_ADVICE, droppedSettingLine, droppedSettingsTitle } from "./dropped-settings";
import type { DroppedSettingsNoticeProps } from "./SettingsPanel.types";

/**
 * Says once which stored settings no longer validate and were left out, and why, so no setting is reset
 * silently. Fluent's MessageBar announces it when it appears (the stored settings arrive after the panel).
 */
export function DroppedSettingsNotice({ dropped, onDismiss }: DroppedSettingsNoticeProps) {
  if (dropped.length === 0) return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{droppedSettingsTitle(dropped.length)}</MessageBarTitle>
        <ul>
          {dropped.map((setting) => (
            <li key={`${setting.field}:${setting.because}`}>{droppedSettingLine(setting)}</li>
          ))}
        </ul>
        {DROPPED_SETTINGS_ADVICE}
      </MessageBarBody>
      <MessageBarActions>
        <Button type="button" size="small" onClick={onDismiss}>
          Dismiss
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

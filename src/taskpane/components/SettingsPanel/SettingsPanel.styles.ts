import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const useSettingsPanelStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  service: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  hint: NOTE_TEXT,
});

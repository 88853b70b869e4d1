import { makeStyles, tokens } from "@fluentui/react-components";

export const useSettingsPanelStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  service: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  hint: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
});

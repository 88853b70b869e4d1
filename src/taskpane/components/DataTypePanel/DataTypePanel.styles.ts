import { makeStyles, tokens } from "@fluentui/react-components";

export const useDataTypePanelStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  text: {
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    "@media (forced-colors: active)": { color: "CanvasText" },
  },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

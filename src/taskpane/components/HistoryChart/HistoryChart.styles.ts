import { makeStyles, tokens } from "@fluentui/react-components";

export const useChartStyles = makeStyles({
  root: { width: "100%", minWidth: 0, overflow: "hidden", margin: 0 },
  summary: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  empty: { margin: 0, color: tokens.colorNeutralForeground3, "@media (forced-colors: active)": { color: "GrayText" } },
});

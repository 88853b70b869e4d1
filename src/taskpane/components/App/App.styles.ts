import { makeStyles, tokens } from "@fluentui/react-components";

export const useAppStyles = makeStyles({
  root: {
    boxSizing: "border-box",
    minWidth: "300px",
    minHeight: "100vh",
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    "@media (forced-colors: active)": { backgroundColor: "Canvas", color: "CanvasText" },
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  // Five tabs are wider than a 320 px pane: they wrap onto a second row rather than scroll the pane sideways.
  tabs: { flexWrap: "wrap" },
  panel: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
});

import { makeStyles, tokens } from "@fluentui/react-components";

export const useInsertActionsStyles = makeStyles({
  buttons: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(9rem, 1fr))",
    gap: tokens.spacingHorizontalS,
  },
  note: {
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    "@media (forced-colors: active)": { color: "CanvasText" },
  },
});

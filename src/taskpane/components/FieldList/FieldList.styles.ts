import { makeStyles, tokens } from "@fluentui/react-components";

export const useFieldListStyles = makeStyles({
  list: {
    display: "grid",
    gridTemplateColumns: "minmax(7rem, max-content) 1fr",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  row: { display: "contents" },
  term: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontSize: tokens.fontSizeBase300, overflowWrap: "anywhere" },
  absent: {
    margin: 0,
    color: tokens.colorNeutralForeground3,
    fontStyle: "italic",
    fontSize: tokens.fontSizeBase200,
    "@media (forced-colors: active)": { color: "GrayText" },
  },
});

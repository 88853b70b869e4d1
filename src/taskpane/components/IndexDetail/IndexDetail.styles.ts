import { makeStyles, tokens } from "@fluentui/react-components";

export const useIndexDetailStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, minWidth: 0 },
  header: { display: "flex", flexDirection: "column", alignItems: "flex-start", gap: tokens.spacingVerticalXS },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: "anywhere",
  },
  flag: { alignSelf: "flex-start" },
  rangeSelect: { minWidth: "7.5rem" },
});

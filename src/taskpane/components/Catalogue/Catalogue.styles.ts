import { makeStyles, shorthands, tokens } from "@fluentui/react-components";
import { CATALOGUE_ROW_GAP, CATALOGUE_ROW_HEIGHT } from "../../model/catalogue-window";

/** One line of text cut with an ellipsis: rows have a fixed height so the list can be windowed. */
const oneLine = { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", minWidth: 0 } as const;
const clampLines = (lines: number) =>
  ({ display: "-webkit-box", WebkitBoxOrient: "vertical", WebkitLineClamp: lines, overflow: "hidden" }) as const;

export const useCatalogueStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  filters: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(8.5rem, 1fr))",
    gap: tokens.spacingHorizontalS,
  },
  count: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  // The scrolling viewport of the windowed list; its height decides how many rows are rendered.
  scroller: { maxHeight: "max(16rem, 60vh)", overflowY: "auto", overscrollBehavior: "contain" },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    boxSizing: "border-box",
    display: "flex",
    flexDirection: "column",
    gap: `${CATALOGUE_ROW_GAP}px`,
  },
  item: { flexShrink: 0, height: `${CATALOGUE_ROW_HEIGHT}px` },
  row: {
    boxSizing: "border-box",
    width: "100%",
    height: "100%",
    overflow: "hidden",
    textAlign: "start",
    display: "flex",
    flexDirection: "column",
    justifyContent: "flex-start",
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    ...shorthands.border(tokens.strokeWidthThin, "solid", tokens.colorNeutralStroke2),
    ...shorthands.borderRadius(tokens.borderRadiusMedium),
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    cursor: "pointer",
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
    ":focus-visible": {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: "solid",
      outlineColor: tokens.colorStrokeFocus2,
      outlineOffset: "-2px",
    },
    "@media (forced-colors: active)": {
      ...shorthands.borderColor("ButtonText"),
      backgroundColor: "ButtonFace",
      color: "ButtonText",
      ":focus-visible": { outlineColor: "Highlight" },
      ":hover": { ...shorthands.borderColor("Highlight") },
    },
  },
  notOpenable: {
    cursor: "default",
    ":hover": { backgroundColor: tokens.colorNeutralBackground1 },
  },
  rowTop: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, height: "20px", minWidth: 0 },
  symbol: {
    ...oneLine,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    lineHeight: "20px",
  },
  states: { display: "contents" },
  badge: { flexShrink: 0 },
  description: {
    ...clampLines(2),
    fontSize: tokens.fontSizeBase200,
    lineHeight: "16px",
    color: tokens.colorNeutralForeground2,
    overflowWrap: "anywhere",
  },
  note: {
    ...clampLines(3),
    fontSize: tokens.fontSizeBase200,
    lineHeight: "16px",
    overflowWrap: "anywhere",
  },
  figures: { ...oneLine, fontSize: tokens.fontSizeBase200, lineHeight: "16px" },
  value: { fontWeight: tokens.fontWeightSemibold, marginInlineEnd: tokens.spacingHorizontalM },
  muted: {
    color: tokens.colorNeutralForeground3,
    "@media (forced-colors: active)": { color: "GrayText" },
  },
});

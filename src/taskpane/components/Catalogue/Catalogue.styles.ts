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
  // The card of one index. Positioned, so that its button's click area can stretch over all of it.
  row: {
    position: "relative",
    boxSizing: "border-box",
    width: "100%",
    height: "100%",
    overflow: "hidden",
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
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
    "@media (forced-colors: active)": {
      ...shorthands.borderColor("ButtonText"),
      backgroundColor: "ButtonFace",
      color: "ButtonText",
      ":hover": { ...shorthands.borderColor("Highlight") },
    },
  },
  // The symbol as the row's button; its ::after covers the card, and shows the focus ring around all of it.
  open: {
    ...oneLine,
    flexShrink: 1,
    padding: 0,
    ...shorthands.borderStyle("none"),
    backgroundColor: "transparent",
    color: "inherit",
    fontFamily: "inherit",
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    lineHeight: "20px",
    textAlign: "start",
    cursor: "pointer",
    "::after": { content: '""', position: "absolute", inset: 0, ...shorthands.borderRadius(tokens.borderRadiusMedium) },
    ":focus-visible": { outlineStyle: "none" },
    ":focus-visible::after": {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: "solid",
      outlineColor: tokens.colorStrokeFocus2,
      outlineOffset: "-2px",
    },
    "@media (forced-colors: active)": {
      color: "ButtonText",
      ":focus-visible::after": { outlineColor: "Highlight" },
    },
  },
  // A row that cannot be opened looks inert: no hover, no hand.
  notOpenable: { ":hover": { backgroundColor: tokens.colorNeutralBackground1 } },
  notOpenableButton: { cursor: "default" },
  rowTop: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, height: "20px", minWidth: 0 },
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

import { makeStyles, tokens } from "@fluentui/react-components";

export const useSectionStyles = makeStyles({
  section: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    "@media (forced-colors: active)": { borderTopColor: "CanvasText" },
  },
  header: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground2, margin: 0, "@media (forced-colors: active)": { color: "GrayText" } },
});

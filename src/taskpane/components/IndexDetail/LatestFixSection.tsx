import { Badge } from "@fluentui/react-components";
import type { LatestFix } from "@index-data/wire";
import type { Answered } from "../../../client";
import type { Loadable } from "../../hooks/useLoad";
import { coverageRows, latestFixRows } from "../../model/detail-rows";
import { formatTimestamp } from "../../model/format";
import { FieldList } from "../FieldList/FieldList";
import { Section } from "../Section/Section";
import { useIndexDetailStyles } from "./IndexDetail.styles";

const NO_DATA = "This index has no published value yet.";

/** The latest fix and its six data-coverage figures; a carried-forward value is flagged with its date. */
export function LatestFixSection({ latest }: { readonly latest: Loadable<Answered<LatestFix>> }) {
  const styles = useIndexDetailStyles();
  return (
    <>
      <Section title="Latest fix" load={latest} notFoundText={NO_DATA}>
        {({ data, meta }) => (
          <>
            {typeof data.carriedForwardFrom === "string" && (
              <Badge className={styles.flag} color="warning" appearance="tint">
                Carried forward from {formatTimestamp(data.carriedForwardFrom)}
              </Badge>
            )}
            {meta.servedStale && (
              <Badge className={styles.flag} color="danger" appearance="tint">
                Last-known value from {formatTimestamp(meta.producedAt)}
              </Badge>
            )}
            <FieldList label="Latest fix" rows={latestFixRows(data)} />
          </>
        )}
      </Section>
      <Section title="Data coverage" load={latest} notFoundText={NO_DATA}>
        {({ data }) => <FieldList label="Data coverage" rows={coverageRows(data.dataCoverage)} />}
      </Section>
    </>
  );
}

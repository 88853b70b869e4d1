import { Select } from "@fluentui/react-components";
import type { History } from "../../../client/resources/history";
import type { Served } from "../../../client/source";
import type { Loadable } from "../../hooks/useLoad";
import { HISTORY_RANGES, type HistoryRangeId } from "../../model/history-range";
import { HistoryChart } from "../HistoryChart/HistoryChart";
import { Section } from "../Section/Section";
import { useIndexDetailStyles } from "./IndexDetail.styles";

function isRangeId(value: string): value is HistoryRangeId {
  return HISTORY_RANGES.some((range) => range.id === value);
}

export interface HistorySectionProps {
  readonly symbol: string;
  readonly history: Loadable<Served<History>>;
  readonly range: HistoryRangeId;
  readonly onRangeChange: (range: HistoryRangeId) => void;
}

/** The history chart with its range picker. */
export function HistorySection({ symbol, history, range, onRangeChange }: HistorySectionProps) {
  const styles = useIndexDetailStyles();
  const picker = (
    <Select
      aria-label="History range"
      className={styles.rangeSelect}
      size="small"
      value={range}
      onChange={(_event, data) => isRangeId(data.value) && onRangeChange(data.value)}
    >
      {HISTORY_RANGES.map((r) => (
        <option key={r.id} value={r.id}>
          {r.label}
        </option>
      ))}
    </Select>
  );
  return (
    <Section title="History" load={history} actions={picker} notFoundText="This index has no history yet.">
      {({ data }) => <HistoryChart symbol={symbol} points={data.values} />}
    </Section>
  );
}

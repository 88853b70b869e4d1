import { Select, Tab, TabList } from "@fluentui/react-components";
import { useState } from "react";
import type { History } from "@index-data/wire";
import type { Answered } from "../../../client";
import type { Loadable } from "../../hooks/useLoad";
import { HISTORY_RANGES, type HistoryRangeId } from "../../model/history-range";
import type { HistoryView } from "../../model/history-periods";
import { HistoryChart } from "../HistoryChart/HistoryChart";
import { MonthlyChart } from "../HistoryChart/MonthlyChart";
import { Section } from "../Section/Section";
import { useIndexDetailStyles } from "./IndexDetail.styles";

function isRangeId(value: string): value is HistoryRangeId {
  return HISTORY_RANGES.some((range) => range.id === value);
}

interface HistorySectionProps {
  readonly symbol: string;
  readonly history: Loadable<Answered<History>>;
  readonly range: HistoryRangeId;
  readonly onRangeChange: (range: HistoryRangeId) => void;
}

/** The history chart with its range picker, and a switch between daily values and monthly averages. */
export function HistorySection({ symbol, history, range, onRangeChange }: HistorySectionProps) {
  const styles = useIndexDetailStyles();
  const [view, setView] = useState<HistoryView>("daily");
  const viewSwitch = (
    <TabList
      size="small"
      aria-label="History view"
      selectedValue={view}
      onTabSelect={(_event, data) => setView(data.value === "monthly" ? "monthly" : "daily")}
    >
      <Tab value="daily">Daily</Tab>
      <Tab value="monthly">Monthly averages</Tab>
    </TabList>
  );
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
      {({ data }) => (
        <>
          {viewSwitch}
          {view === "monthly" ? (
            <MonthlyChart symbol={symbol} points={data.values} />
          ) : (
            <HistoryChart symbol={symbol} points={data.values} />
          )}
        </>
      )}
    </Section>
  );
}

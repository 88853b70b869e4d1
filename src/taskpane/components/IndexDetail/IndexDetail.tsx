import { Button } from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { useLoad } from "../../hooks/useLoad";
import { DEFAULT_HISTORY_RANGE, historyQueryFor, historyRange, type HistoryRangeId } from "../../model/history-range";
import { InsertActions } from "../InsertActions/InsertActions";
import { Section } from "../Section/Section";
import { FiguresSections } from "./FiguresSections";
import { HistorySection } from "./HistorySection";
import { useIndexDetailStyles } from "./IndexDetail.styles";
import type { IndexDetailProps } from "./IndexDetail.types";
import { LatestFixSection } from "./LatestFixSection";

const READY = { state: "ready", value: null } as const;

/** Everything behind one index: latest fix, coverage, charts, capacity, volatility and insert actions. */
export function IndexDetail({
  symbol,
  source,
  workbook,
  host,
  revision,
  onBack,
  now = () => new Date(),
}: IndexDetailProps) {
  const styles = useIndexDetailStyles();
  const [range, setRange] = useState<HistoryRangeId>(DEFAULT_HISTORY_RANGE);
  const key = `${symbol}|${revision}`;
  const latest = useLoad(() => source.latest(symbol), key);
  const history = useLoad(() => source.history(symbol, historyQueryFor(range, now())), `${key}|${range}`);
  const forward = useLoad(() => source.forward(symbol), key);
  const capacity = useLoad(() => source.capacity(symbol), key);
  const volatility = useLoad(() => source.volatility(symbol), key);
  const heading = useRef<HTMLHeadingElement>(null);
  // Moving focus to the heading tells keyboard and screen-reader users the view changed.
  useEffect(() => heading.current?.focus(), [symbol]);
  return (
    <article className={styles.root} aria-labelledby="index-detail-title">
      <div className={styles.header}>
        <Button appearance="subtle" size="small" onClick={onBack}>
          ← Back to indexes
        </Button>
        <h2 id="index-detail-title" className={styles.title} ref={heading} tabIndex={-1}>
          {symbol}
        </h2>
      </div>
      <LatestFixSection latest={latest} />
      <HistorySection symbol={symbol} history={history} range={range} onRangeChange={setRange} />
      <FiguresSections forward={forward} capacity={capacity} volatility={volatility} />
      <Section title="Insert into the workbook" load={READY}>
        {() => (
          <InsertActions
            symbol={symbol}
            historyStart={historyRange(range).relative}
            historyLabel={historyRange(range).label}
            workbook={workbook}
            host={host}
          />
        )}
      </Section>
    </article>
  );
}

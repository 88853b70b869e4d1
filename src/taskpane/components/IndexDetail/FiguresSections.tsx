import type { CapacityMetrics, ForwardCurve, Volatility } from "@index-data/wire";
import type { Answered } from "../../../client";
import type { Loadable } from "../../hooks/useLoad";
import { capacityRows, volatilityRows } from "../../model/detail-rows";
import { NO_FORWARD_CURVE } from "../../model/errors";
import { FieldList } from "../FieldList/FieldList";
import { ForwardChart } from "../ForwardChart/ForwardChart";
import { Section } from "../Section/Section";

interface FiguresSectionsProps {
  readonly forward: Loadable<Answered<ForwardCurve>>;
  readonly capacity: Loadable<Answered<CapacityMetrics>>;
  readonly volatility: Loadable<Answered<Volatility>>;
}

/** Forward curve, capacity and volatility; each says so in words when the service has none. */
export function FiguresSections({ forward, capacity, volatility }: FiguresSectionsProps) {
  return (
    <>
      <Section title="Forward curve" load={forward} notFoundText={NO_FORWARD_CURVE}>
        {({ data }) => <ForwardChart curve={data} />}
      </Section>
      <Section title="Capacity" load={capacity} notFoundText="No capacity metrics for this index.">
        {({ data }) => <FieldList label="Capacity" rows={capacityRows(data)} />}
      </Section>
      <Section title="Volatility" load={volatility} notFoundText="Not enough data for a volatility figure.">
        {({ data }) => <FieldList label="Volatility" rows={volatilityRows(data)} />}
      </Section>
    </>
  );
}

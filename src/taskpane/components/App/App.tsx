import { Tab, TabList } from "@fluentui/react-components";
import { useEffect, useState, type ReactNode } from "react";
import { useFreshness } from "../../hooks/useFreshness";
import { useLoad } from "../../hooks/useLoad";
import { NO_FILTERS, type CatalogueFilters } from "../../model/catalogue";
import type { DataTypeReport } from "../../../office";
import { AboutSection } from "../AboutSection/AboutSection";
import { Catalogue } from "../Catalogue/Catalogue";
import { DataTypePanel } from "../DataTypePanel/DataTypePanel";
import { HealthBanner } from "../HealthBanner/HealthBanner";
import { IndexDetail } from "../IndexDetail/IndexDetail";
import { RefreshBar } from "../RefreshBar/RefreshBar";
import { SettingsPanel } from "../SettingsPanel/SettingsPanel";
import { SharePanel } from "../SharePanel/SharePanel";
import { SheetsPanel } from "../SheetsPanel/SheetsPanel";
import { useAppStyles } from "./App.styles";
import type { AppProps } from "./App.types";

type TabId = "indexes" | "sheets" | "datatype" | "share" | "settings";

/** The tabs, in order, with their labels. */
const TAB_LABELS: Readonly<Record<TabId, string>> = {
  indexes: "Indexes",
  sheets: "Sheets",
  datatype: "Data type",
  share: "Share",
  settings: "Settings",
};
const TABS = Object.keys(TAB_LABELS) as readonly TabId[];

/**
 * The taskpane: refresh bar, health banner, and the Indexes (catalogue or detail), Sheets (watch lists and the pricing
 * sheet builder), Data type, Share and Settings tabs.
 */
export function App({ services, policy, selfOrigin = "" }: AppProps) {
  const styles = useAppStyles();
  const { context } = services;
  const snapshot = useFreshness(context);
  const [settingsRevision, setSettingsRevision] = useState(0);
  useEffect(() => context.settings.subscribe(() => setSettingsRevision((n) => n + 1)), [context]);
  // New settings or a refresh may change every figure, so everything shown is loaded again.
  const revision = `${snapshot.lastRefreshedAt ?? ""}|${settingsRevision}`;
  const indexes = useLoad(() => context.userSource.listIndexes(), revision, true);
  const status = useLoad(() => context.userSource.systemStatus(), revision, true);
  const host = useLoad(services.detectHost, "host");
  const [tab, setTab] = useState<TabId>("indexes");
  // A ribbon button of the data type opened the pane to say something: show it, now or when the pane first renders.
  const [dataTypeReport, setDataTypeReport] = useState<DataTypeReport | undefined>(undefined);
  useEffect(() => {
    const reports = services.dataTypeReports;
    const show = (report: DataTypeReport) => {
      setDataTypeReport(report);
      setTab("datatype");
    };
    const waiting = reports.take();
    if (waiting !== undefined) show(waiting);
    return reports.subscribe(show);
  }, [services]);
  const [filters, setFilters] = useState<CatalogueFilters>(NO_FILTERS);
  const [open, setOpen] = useState<string | undefined>(undefined);
  // The index the user came back from: the catalogue scrolls to its row and focuses it.
  const [returnTo, setReturnTo] = useState<string | undefined>(undefined);
  const back = () => {
    setReturnTo(open);
    setOpen(undefined);
  };
  // Each tab's panel, made only while its tab is selected.
  const panels: Readonly<Record<TabId, () => ReactNode>> = {
    indexes: () =>
      open === undefined ? (
        <Catalogue
          indexes={indexes}
          filters={filters}
          onFiltersChange={setFilters}
          onOpen={setOpen}
          returnTo={returnTo}
        />
      ) : (
        <IndexDetail
          symbol={open}
          source={context.userSource}
          workbook={services.workbook}
          host={host}
          revision={revision}
          onBack={back}
        />
      ),
    sheets: () => <SheetsPanel services={services} indexes={indexes} host={host} />,
    datatype: () => <DataTypePanel actions={services.dataType} host={host} report={dataTypeReport} />,
    share: () => <SharePanel sheet={services.sheet} host={host} />,
    settings: () => (
      <>
        <SettingsPanel
          store={context.settings}
          testConnection={services.testConnection}
          policy={policy}
          selfOrigin={selfOrigin}
          startup={context.startup}
          dataType={context.indexDomain}
          credential={context.credential}
        />
        <AboutSection diagnostics={services.diagnostics} />
      </>
    ),
  };
  return (
    <main className={styles.root}>
      <h1 className={styles.title}>Index Data</h1>
      <RefreshBar
        snapshot={snapshot}
        onRefresh={() => context.refresh()}
        scoped={{
          actions: services.sheet,
          ...(host.state === "ready" && host.value.inExcel ? {} : { disabledReason: "Refresh by scope needs Excel." }),
        }}
      />
      <HealthBanner status={status} />
      <TabList
        className={styles.tabs}
        size="small"
        selectedValue={tab}
        onTabSelect={(_event, data) => setTab(TABS.find((id) => id === data.value) ?? "indexes")}
      >
        {TABS.map((id) => (
          <Tab key={id} value={id} id={`tab-${id}`} aria-controls={`panel-${id}`}>
            {TAB_LABELS[id]}
          </Tab>
        ))}
      </TabList>
      <div className={styles.panel} role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {panels[tab]()}
      </div>
    </main>
  );
}

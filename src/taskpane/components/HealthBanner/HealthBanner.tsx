import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { isNotFoundError } from "@index-data/wire";
import { NO_SYSTEM_STATUS } from "../../model/errors";
import { explainReason, explainState, explainUnreachable } from "../../model/reason-codes";
import { useHealthBannerStyles } from "./HealthBanner.styles";
import type { HealthBannerProps } from "./HealthBanner.types";

/**
 * The benchmark's health when it is not ok: the state, and each reason code in words next to the code. A state
 * the service could not be asked for just now (a last-known answer) is never shown as current. A service
 * without a status endpoint gets one quiet line saying so, as a missing forward curve does.
 */
export function HealthBanner({ status }: HealthBannerProps) {
  const styles = useHealthBannerStyles();
  if (status.state === "failed" && isNotFoundError(status.error))
    return <p className={styles.note}>{NO_SYSTEM_STATUS}</p>;
  if (status.state !== "ready") return null;
  if (status.value.meta.servedStale) {
    return (
      <section aria-label="Benchmark health">
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Service unreachable</MessageBarTitle>
            {explainUnreachable(status.value.data.status, status.value.meta.producedAt)}
          </MessageBarBody>
        </MessageBar>
      </section>
    );
  }
  if (status.value.data.status === "ok") return null;
  const { status: state, reasons } = status.value.data;
  return (
    <section aria-label="Benchmark health">
      <MessageBar intent={state === "down" ? "error" : "warning"} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Benchmark {state}</MessageBarTitle>
          {explainState(state)}
          {reasons.length > 0 && (
            <ul className={styles.reasons}>
              {reasons.map((code) => {
                const reason = explainReason(code);
                return (
                  <li key={code}>
                    {reason.text} <span className={styles.code}>({reason.code})</span>
                  </li>
                );
              })}
            </ul>
          )}
        </MessageBarBody>
      </MessageBar>
    </section>
  );
}

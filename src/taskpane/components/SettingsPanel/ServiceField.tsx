import { Field, Input, Select } from "@fluentui/react-components";
import { checkBaseUrl } from "@index-data/wire";
import { originBlockedByPolicy } from "../../model/csp";
import { outsideAllowedServices, SERVICE_CHOICES } from "../../model/service-choices";
import { SETTINGS_FIELD_LABELS } from "./dropped-settings";
import { useSettingsPanelStyles } from "./SettingsPanel.styles";
import type { ServiceFieldProps } from "./SettingsPanel.types";

/** "Another address" in the choice list: the URL field holds something that is not one of the allowed services. */
const OTHER = "";

/** Why the browser would block `baseUrl` under the page's policy, in the pane's words; undefined when it would not. */
function refusedByPolicy(
  baseUrl: string,
  policy: string | undefined,
  selfOrigin: string,
  choices: readonly string[],
): string | undefined {
  const checked = checkBaseUrl(baseUrl);
  if (!checked.ok) return undefined;
  const blocked = originBlockedByPolicy(checked.url, { policy, selfOrigin });
  return blocked === undefined ? undefined : outsideAllowedServices(blocked, choices);
}

/** The service URL, and beside it the services this build allows, one of which a pick puts in the field. */
export function ServiceField({
  baseUrl,
  onChange,
  error,
  policy,
  selfOrigin = "",
  choices = SERVICE_CHOICES,
}: ServiceFieldProps) {
  const styles = useSettingsPanelStyles();
  const warning = refusedByPolicy(baseUrl, policy, selfOrigin, choices);
  const typed = checkBaseUrl(baseUrl);
  const picked = typed.ok && choices.includes(typed.url) ? typed.url : OTHER;
  return (
    <div className={styles.service}>
      <Field
        label={SETTINGS_FIELD_LABELS.baseUrl}
        required
        hint="The service root, or your desk's gateway, e.g. https://indexes.example.com"
        validationState={error !== undefined ? "error" : warning !== undefined ? "warning" : "none"}
        validationMessage={error ?? warning ?? null}
      >
        <Input type="url" value={baseUrl} onChange={(_event, data) => onChange(data.value)} />
      </Field>
      <Field label="Services this add-in allows" hint="Pick one to put it in the URL field.">
        <Select value={picked} onChange={(_event, data) => data.value !== OTHER && onChange(data.value)}>
          {picked === OTHER && <option value={OTHER}>Another address (typed above)</option>}
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

import { Checkbox, Field } from "@fluentui/react-components";
import { SETTINGS_FIELD_LABELS } from "./dropped-settings";
import { GATEWAY_HINT } from "./settings-form";
import type { GatewayFieldProps } from "./SettingsPanel.types";

/**
 * "This URL is my desk's Index Data gateway": what the add-in believes of the URL's stale marks. The gateway's own
 * settings (its sign-in, when a desk has one) belong beside this switch.
 */
export function GatewayField({ gateway, onChange, error }: GatewayFieldProps) {
  return (
    <Field hint={GATEWAY_HINT} validationMessage={error ?? null}>
      <Checkbox
        checked={gateway}
        label={SETTINGS_FIELD_LABELS.gateway}
        onChange={(_event, data) => onChange(data.checked === true)}
      />
    </Field>
  );
}

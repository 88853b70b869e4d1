import { useEffect, useReducer } from "react";
import type { KeyHeaderStyle } from "../../../client";
import type { Settings } from "../../../settings";
import { describeConnection } from "../../model/connection";
import type { SettingsPanelProps } from "./SettingsPanel.types";
import {
  checkForm,
  INITIAL_SETTINGS_FORM,
  keySource,
  revealNeedsStoredKey,
  settingsFormReducer,
  type SettingsFormEvent,
} from "./settings-form";

/**
 * The settings form's store calls, around the pure model of settings-form.ts. The stored key is read from
 * the store only when it is needed (Test connection, Save with an empty field, Show) and is never kept in
 * state unless revealed.
 */
export function useSettingsForm({ store, testConnection }: Pick<SettingsPanelProps, "store" | "testConnection">) {
  const [state, dispatch] = useReducer(settingsFormReducer, INITIAL_SETTINGS_FORM);

  useEffect(() => {
    store.loadChecked().then(
      (loaded) => dispatch({ type: "loaded", ...loaded }),
      (error: unknown) => dispatch({ type: "loadFailed", error }),
    );
  }, [store]);

  /** Validates the form (field messages on failure), then runs `act` with the normalized settings. */
  const withCandidate = async (act: (candidate: Settings) => Promise<SettingsFormEvent>) => {
    dispatch({ type: "checking" });
    try {
      const stored = await store.load();
      const storedKey = keySource(state) === "stored" ? stored.apiKey : undefined;
      const check = checkForm(state, storedKey);
      dispatch({ type: "checked", check });
      if (check.ok) dispatch(await act(withStoredSignIn(check.settings, stored)));
    } catch (error) {
      dispatch({ type: "failed", title: "Failed", error });
    }
  };

  const actions = {
    setBaseUrl: (baseUrl: string) => dispatch({ type: "baseUrlChanged", baseUrl }),
    setKeyHeaderStyle: (keyHeaderStyle: KeyHeaderStyle) => dispatch({ type: "keyHeaderStyleChanged", keyHeaderStyle }),
    setGateway: (gateway: boolean) => dispatch({ type: "gatewayChanged", gateway }),
    onDraftChange: (draft: string) => dispatch({ type: "draftChanged", draft }),
    dismissDropped: () => dispatch({ type: "droppedDismissed" }),
    onReveal: (revealed: boolean) => {
      dispatch({ type: "revealChanged", revealed });
      if (revealNeedsStoredKey(state, revealed)) {
        void store.load().then(
          (settings) => dispatch({ type: "storedKeyLoaded", apiKey: settings.apiKey }),
          (error: unknown) => dispatch({ type: "failed", title: "Could not read the saved key", error }),
        );
      }
    },
    onTest: () =>
      withCandidate(async (candidate) => ({
        type: "done",
        verdict: describeConnection(await testConnection(candidate), candidate.baseUrl),
      })),
    onSave: () => withCandidate(async (candidate) => ({ type: "saved", settings: await store.save(candidate) })),
    onClearKey: async () => {
      dispatch({ type: "clearing" });
      try {
        await store.clearKey();
        dispatch({ type: "keyCleared" });
      } catch (error) {
        dispatch({ type: "failed", title: "Failed", error });
      }
    },
  };
  return { state, actions };
}

/**
 * The form has no sign-in fields: a stored sign-in is kept through Save, but only for the base URL it was saved
 * with (a sign-in belongs to one gateway, as the key does).
 */
function withStoredSignIn(candidate: Settings, stored: Settings): Settings {
  if (stored.signIn === undefined || stored.baseUrl !== candidate.baseUrl) return candidate;
  return { ...candidate, signIn: stored.signIn };
}

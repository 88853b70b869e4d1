import { useEffect, useState } from "react";
import type { KeyHeaderStyle } from "../../../client/options";
import { checkSettings, type Settings, type SettingsField } from "../../../client/settings";
import { describeConnection, type ConnectionVerdict } from "../../model/connection";
import { describeError } from "../../model/errors";
import type { SettingsPanelProps } from "./SettingsPanel.types";

type FieldErrors = Readonly<Partial<Record<SettingsField, string>>>;

/**
 * The settings form's state and actions. The stored key is read from the store only when it is needed
 * (Test connection, Save with an empty field, Show) and is never kept in state unless revealed.
 */
export function useSettingsForm({ store, testConnection }: Pick<SettingsPanelProps, "store" | "testConnection">) {
  const [baseUrl, setBaseUrl] = useState("");
  const [keyHeaderStyle, setKeyHeaderStyle] = useState<KeyHeaderStyle>("x-api-key");
  const [draft, setDraft] = useState("");
  const [draftIsStored, setDraftIsStored] = useState(false);
  const [hasSavedKey, setHasSavedKey] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [verdict, setVerdict] = useState<ConnectionVerdict | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    store.load().then(
      (settings) => {
        setBaseUrl(settings.baseUrl);
        setKeyHeaderStyle(settings.keyHeaderStyle);
        setHasSavedKey(settings.apiKey !== undefined);
      },
      (error: unknown) =>
        setVerdict({ intent: "error", kind: "failed", title: "Settings not loaded", text: describeError(error) }),
    );
  }, [store]);

  /** The key to use: what was typed, else the stored one (read only now, never kept in state unrevealed). */
  const currentKey = async () => (draft !== "" ? draft : hasSavedKey ? (await store.load()).apiKey : undefined);
  const forgetDraft = () => {
    setDraft("");
    setDraftIsStored(false);
    setRevealed(false);
  };
  const onReveal = (reveal: boolean) => {
    setRevealed(reveal);
    if (reveal && draft === "" && hasSavedKey) {
      void store.load().then((s) => {
        setDraft(s.apiKey ?? "");
        setDraftIsStored(true);
      });
    } else if (!reveal && draftIsStored) forgetDraft();
  };
  /** Validates the form (field messages on failure), then runs `act` with the normalized settings. */
  const withCandidate = async (act: (candidate: Settings) => Promise<ConnectionVerdict>) => {
    setBusy(true);
    setVerdict(undefined);
    try {
      const checked = checkSettings({ baseUrl, apiKey: await currentKey(), keyHeaderStyle });
      setErrors(checked.ok ? {} : checked.errors);
      if (checked.ok) setVerdict(await act(checked.settings));
    } catch (error) {
      setVerdict({ intent: "error", kind: "failed", title: "Failed", text: describeError(error) });
    } finally {
      setBusy(false);
    }
  };
  const onTest = () =>
    withCandidate(async (candidate) => describeConnection(await testConnection(candidate), candidate.baseUrl));
  const onSave = () =>
    withCandidate(async (candidate) => {
      const saved = await store.save(candidate);
      setBaseUrl(saved.baseUrl);
      setHasSavedKey(saved.apiKey !== undefined);
      forgetDraft();
      return {
        intent: "success",
        kind: "saved",
        title: "Saved",
        text: "Settings saved. INDEX cells are refreshing with them.",
      };
    });
  const onClearKey = async () => {
    setBusy(true);
    try {
      await store.clearKey();
      setHasSavedKey(false);
      forgetDraft();
      setVerdict({
        intent: "success",
        kind: "cleared",
        title: "Key cleared",
        text: "The API key was removed; the public tier applies.",
      });
    } catch (error) {
      setVerdict({ intent: "error", kind: "failed", title: "Failed", text: describeError(error) });
    } finally {
      setBusy(false);
    }
  };

  return {
    baseUrl,
    setBaseUrl,
    keyHeaderStyle,
    setKeyHeaderStyle,
    draft,
    hasSavedKey,
    revealed,
    errors,
    verdict,
    busy,
    onDraftChange: (value: string) => {
      setDraft(value);
      setDraftIsStored(false);
    },
    onReveal,
    onTest,
    onSave,
    onClearKey,
  };
}

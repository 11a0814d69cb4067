import { useEffect, useRef, useState } from "react";
import { t } from "../../i18n/t";
import { PostForm } from "../../ui/PostForm";

/** The browser's WebAuthn API with its JSON forms (Chromium 129+, Safari 18, Firefox 119), if it has them. */
function webAuthn(): typeof PublicKeyCredential | null {
  const api = typeof window !== "undefined" ? window.PublicKeyCredential : undefined;
  return typeof api?.parseCreationOptionsFromJSON === "function" && typeof api.parseRequestOptionsFromJSON === "function" ? api : null;
}

/** Asks the browser for a new passkey (`create`) or for one of the person's (`get`); its answer as JSON. */
async function ask(kind: "create" | "get", options: unknown): Promise<string> {
  const api = webAuthn()!;
  const credential =
    kind === "create"
      ? await navigator.credentials.create({ publicKey: api.parseCreationOptionsFromJSON(options as PublicKeyCredentialCreationOptionsJSON) })
      : await navigator.credentials.get({ publicKey: api.parseRequestOptionsFromJSON(options as PublicKeyCredentialRequestOptionsJSON) });
  if (!credential) throw new Error("no credential");
  return JSON.stringify((credential as PublicKeyCredential).toJSON());
}

/**
 * A button that makes (`create`) or uses (`get`) a passkey with the server's options, then posts
 * the browser's answer to the page (intent `addPasskey` or `usePasskey`). Passkeys need the
 * browser's API: before JavaScript, or where the browser has none, the button says so.
 */
export function PasskeyButton({ kind, options, label }: { kind: "create" | "get"; options: unknown; label: string }) {
  const form = useRef<HTMLFormElement>(null);
  const answer = useRef<HTMLInputElement>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => setReady(webAuthn() !== null), []);
  const go = async () => {
    setFailed(false);
    try {
      answer.current!.value = await ask(kind, options);
      form.current!.requestSubmit();
    } catch {
      // Cancelled, timed out, or no authenticator: nothing was sent.
      setFailed(true);
    }
  };
  return (
    <PostForm intent={kind === "create" ? "addPasskey" : "usePasskey"} onSubmit={() => undefined} className="staff-form" formRef={form}>
      <input ref={answer} type="hidden" name="credential" value="" />
      <button type="button" className="btn btn-secondary" disabled={!ready} onClick={go}>
        {label}
      </button>
      {!ready && <p className="hint">{t("staff.secondFactor.passkeyNeedsScript")}</p>}
      {failed && (
        <p role="alert" className="field-error">
          {t("staff.secondFactor.passkeyFailed")}
        </p>
      )}
    </PostForm>
  );
}

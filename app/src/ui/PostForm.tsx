// Forms that work before (and without) JavaScript: each posts to its page's own URL, where the
// host runs the page's action (host/http/forms.rs) with the same checks as the API, then answers a
// 303 to the next page or this page again with the refusal (`payload.action`). Once hydrated, the
// form's own handler takes over (it calls preventDefault), so nothing is sent twice.
import { useContext, type FormEvent, type ReactNode, type Ref } from "react";
import { ApiFailure } from "../lib/api";
import { FormPostContext } from "./form-post";
import type { PostedForm } from "../types";

type Posted = { failure: ApiFailure | null; values: Record<string, string> };
const NOT_POSTED: Posted = { failure: null, values: {} };

function posted(action: PostedForm): Posted {
  const f = action.failure;
  const failure = new ApiFailure(f.status, f.failureReason ?? "", f.value ?? null, f.failureCode ?? null, f.failureData ?? null);
  return { failure, values: action.values ?? {} };
}

/** A refused post of this page's form (of `intent`, when the page has several): why, and the values to keep. */
export function usePostedForm(intent?: string): Posted {
  const action = useContext(FormPostContext)?.action;
  return action && (action.intent ?? undefined) === intent ? posted(action) : NOT_POSTED;
}

/** The refused post among a page's forms of `intents`, with its intent ("" when none was refused). */
export function usePostedAmong(intents: readonly string[]): Posted & { intent: string } {
  const action = useContext(FormPostContext)?.action;
  const intent = action?.intent ?? "";
  return action && intents.includes(intent) ? { intent, ...posted(action) } : { intent: "", ...NOT_POSTED };
}

/** A `<form method="post">` to `action` (default: this page) carrying the form token and its `intent`. */
export function PostForm(props: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  intent?: string;
  action?: string;
  className?: string;
  "aria-describedby"?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const csrf = useContext(FormPostContext)?.csrf;
  return (
    <form ref={props.formRef} method="post" action={props.action} onSubmit={props.onSubmit} noValidate className={props.className} aria-describedby={props["aria-describedby"]}>
      <input type="hidden" name="csrf" value={csrf ?? ""} />
      {props.intent && <input type="hidden" name="intent" value={props.intent} />}
      {props.children}
    </form>
  );
}

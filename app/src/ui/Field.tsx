import { useId, type ReactNode } from "react";

export interface InputProps {
  id: string;
  required?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** A labelled input with its error (or hint) line tied to it for screen readers. */
export function Field(props: { label: string; error?: string; hint?: string; optional?: boolean; children: (p: InputProps) => ReactNode }) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = props.error || props.hint;
  return (
    <p className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        required: !props.optional,
        "aria-invalid": props.error ? true : undefined,
        "aria-describedby": note ? noteId : undefined,
      })}
      {note && (
        <span id={noteId} className={props.error ? "field-error" : "field-hint"}>
          {note}
        </span>
      )}
    </p>
  );
}

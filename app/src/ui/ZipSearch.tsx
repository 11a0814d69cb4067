import { useId, type FormEvent, type RefObject } from "react";
import { t } from "../i18n/t";
import { ZIP_LENGTH } from "../lib/zip";
import { digitsOnly } from "../lib/format";
import { SearchIcon } from "./icons";
import { useHydrated } from "./useHydrated";

interface Props {
  value: string;
  onChange: (zip: string) => void;
  /** Called once the mask holds exactly ZIP_LENGTH digits (typed, pasted or submitted). */
  onComplete: (zip: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * Zip search of spec §2. A real GET form to /pantries so it also works before or without JavaScript;
 * with JavaScript the mask strips non-digits, completion navigates client-side, and Search stays
 * disabled until the mask holds a whole zip (spec §5: "submit enabled when length > 4"). Before
 * hydration it is enabled and the input's own `pattern` and `required` refuse a partial zip.
 */
export function ZipSearch({ value, onChange, onComplete, inputRef }: Props) {
  const id = useId();
  const hydrated = useHydrated();

  const change = (raw: string) => {
    const zip = digitsOnly(raw, ZIP_LENGTH);
    onChange(zip);
    if (zip.length === ZIP_LENGTH && zip !== value) onComplete(zip);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (value.length === ZIP_LENGTH) onComplete(value);
    else inputRef?.current?.reportValidity();
  };

  return (
    <form className="zip-search" method="get" action="/pantries" role="search" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {t("zip.label")}
      </label>
      <input
        id={id}
        ref={inputRef}
        name="zip"
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        pattern={`[0-9]{${ZIP_LENGTH}}`}
        required
        title={t("zip.hint")}
        placeholder={t("zip.placeholder")}
        value={value}
        onChange={(e) => change(e.currentTarget.value)}
      />
      <button type="submit" className="btn btn-primary zip-submit" disabled={hydrated && value.length < ZIP_LENGTH}>
        <SearchIcon />
        <span>{t("zip.submit")}</span>
      </button>
    </form>
  );
}

import { useId, type Dispatch } from "react";
import { t } from "../../i18n/t";
import { Busy } from "../../ui/Busy";
import { ZIP_LENGTH } from "../../lib/zip";
import { OTHER_COUNTY_ID, type Action, type County, type State } from "./flow";
import { LookupFailure } from "./Failure";
import { useConfig } from "../../shell/page-data";
import { TestingPanel } from "./TestingPanel";
import { YesNo } from "./YesNo";

type Props = { state: State; dispatch: Dispatch<Action> };

/** Spec §4 Residency: zip form, loading, county form or different province, error with Retry. */
export function Residency({ state, dispatch }: Props) {
  const r = state.residency;
  const { tefapTesting } = useConfig();
  return (
    <>
      <h2 tabIndex={-1}>{t("eligibility.residency.title")}</h2>
      {r.phase === "zipform" && <ZipForm zip={r.zip} dispatch={dispatch} />}
      {r.phase === "zipform" && tefapTesting && <TestingPanel />}
      {r.phase === "loading" && <Busy text={t("eligibility.residency.loading", { zip: r.zip })} />}
      {r.phase === "error" && <LookupFailure message={r.error} notAvailable={r.notAvailable} dispatch={dispatch} />}
      {r.phase === "differentprovince" && (
        <>
          <p>{t("eligibility.residency.differentProvince", { zip: r.zip, province: r.province?.name ?? "" })}</p>
          <div className="checkout-actions">
            <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: "proceed" })}>
              {t("eligibility.proceed")}
            </button>
            <ChangeZip dispatch={dispatch} />
          </div>
        </>
      )}
      {r.phase === "countyform" && <CountyForm state={state} dispatch={dispatch} />}
    </>
  );
}

function ChangeZip({ dispatch }: { dispatch: Dispatch<Action> }) {
  return (
    <button type="button" className="btn" onClick={() => dispatch({ type: "changeZip" })}>
      {t("eligibility.changeZip")}
    </button>
  );
}

function ZipForm({ zip, dispatch }: { zip: string; dispatch: Dispatch<Action> }) {
  const id = useId();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: "zipSubmitted" });
      }}
    >
      <p className="field">
        <label htmlFor={id}>{t("zip.label")}</label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern={`[0-9]{${ZIP_LENGTH}}`}
          required
          value={zip}
          onChange={(e) => dispatch({ type: "zipChanged", zip: e.target.value })}
        />
      </p>
      <div className="checkout-actions">
        <button type="submit" className="btn btn-primary" disabled={zip.length !== ZIP_LENGTH}>
          {t("eligibility.continue")}
        </button>
      </div>
    </form>
  );
}

function CountyForm({ state, dispatch }: Props) {
  const r = state.residency;
  const province = r.province?.name ?? "";
  const lookup = r.provinceCountiesLookup;
  return (
    <>
      <p>{t("eligibility.residency.zipIn", { zip: r.zip, province })}</p>
      <CountySelect
        label={t("eligibility.residency.county")}
        counties={[...r.counties, { id: OTHER_COUNTY_ID, name: t("eligibility.other") }]}
        value={r.countyId}
        onChange={(id) => dispatch({ type: "countyChosen", id })}
      />
      {r.countyId === OTHER_COUNTY_ID && lookup.status === "loading" && <Busy text={t("shell.loading")} />}
      {r.countyId === OTHER_COUNTY_ID && lookup.status === "error" && <LookupFailure message={lookup.message} notAvailable={false} dispatch={dispatch} />}
      {r.countyId === OTHER_COUNTY_ID && r.provinceCounties && (
        <CountySelect
          label={t("eligibility.residency.otherCounty", { province })}
          counties={r.provinceCounties}
          value={r.otherCountyId}
          onChange={(id) => dispatch({ type: "otherCountyChosen", id })}
        />
      )}
      <p>
        <strong>{t("eligibility.residency.question", { province })}</strong>
      </p>
      <YesNo state={state} dispatch={dispatch} />
      <p>
        <ChangeZip dispatch={dispatch} />
      </p>
    </>
  );
}

function CountySelect({ label, counties, value, onChange }: { label: string; counties: Pick<County, "id" | "name">[]; value: number | null; onChange: (id: number | null) => void }) {
  const id = useId();
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} required value={value ?? ""} onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}>
        <option value="" />
        {counties.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </p>
  );
}

//! TEFAP eligibility: the area of a ZIP code, the guideline that applies there, and
//! storing and assigning responses, in the shapes of GET/POST /tefapeligibility.
//!
//! The server decides `isEligible` itself by replaying the answers through
//! `domain::tefap::tefap_answers_eligible` against the guideline of the answers'
//! area; any verdict the client sends is ignored. The area is the residency ZIP, or
//! for a homeless shopper the selected food bank's postal code (§4 "Homeless"), so
//! the body may carry `foodBankID` besides §3's fields. Answers without any area
//! cannot have passed the flow's guideline lookup and are stored as not eligible.
use super::{Context, Error, Result};
use crate::{
    db::repo::{geography::ZipPlace, tefap::NewTefapResponse},
    domain::reports::eligibility_basis,
    domain::tefap::{NONE_PROGRAM_ID, OTHER_COUNTY_ID, area_zips, tefap_answers_eligible},
    model::tefap::{County, Guideline, GuidelineAnswer, TefapAnswersBody, TefapResult, ZipArea},
};

/// The start of every refusal of submitted answers that the flow itself could not have sent.
pub const ERROR_SUBMITTING: &str = "Error submitting TEFAP Response";

fn malformed(why: &str) -> Error {
    Error::Invalid(format!("{ERROR_SUBMITTING}: {why}").into())
}

/// The guideline of a ZIP code's state, with the state and ZIP; `None` for an unknown ZIP or a
/// state without a guideline.
pub async fn guideline_for_zip(state: &Context, zip: &str) -> Result<Option<GuidelineAnswer>> {
    let Some(place) = state.store.zip_place(zip).await? else { return Ok(None) };
    let Some(tefap_guideline) = guideline(state, place.province.id).await? else { return Ok(None) };
    Ok(Some(GuidelineAnswer {
        province: place.province.into(),
        postal_code: place.postal_code.into(),
        tefap_guideline,
    }))
}

/// The place the answers are about: see the module comment.
async fn answers_place(state: &Context, a: &TefapAnswersBody) -> Result<Option<ZipPlace>> {
    let residency = a.residency_postal_code.as_deref().map(str::trim).filter(|z| !z.is_empty());
    let food_bank_zip = match a.food_bank_id {
        Some(id) => Some(state.store.food_bank_postal_code(id).await?.ok_or_else(|| malformed("unknown foodBankID"))?),
        None => None,
    };
    for zip in area_zips(a.is_homeless, residency, food_bank_zip.as_deref()).into_iter().flatten() {
        if let Some(place) = state.store.zip_place(zip).await? {
            return Ok(Some(place));
        }
        if Some(zip) == residency {
            return Err(malformed(&format!("unknown zip code {zip}")));
        }
    }
    Ok(None)
}

/// Stores well-formed answers (see `api::tefap`) with the server's own verdict and the income
/// limit that applied, for `user_id` when signed in.
pub async fn submit(state: &Context, user_id: Option<i64>, mut answers: TefapAnswersBody) -> Result<TefapResult> {
    let programs = state.store.assistance_program_ids().await?;
    if answers.selected_assistance_program_ids.iter().any(|id| *id != NONE_PROGRAM_ID && !programs.contains(id)) {
        return Err(malformed("selectedAssistanceProgramIDs names an unknown program"));
    }
    let place = answers_place(state, &answers).await?;
    let county_id = match answers.residency_county.filter(|c| *c != OTHER_COUNTY_ID) {
        Some(id) => {
            let province = state.store.county_province(id).await?;
            if province.is_none() || province != place.as_ref().map(|p| p.province.id) {
                return Err(malformed("residencyCounty is not in that zip code's state"));
            }
            Some(id)
        }
        None => place.as_ref().and_then(|p| p.county_id),
    };
    let food_bank_id = match (answers.food_bank_id, &place) {
        (Some(id), _) => Some(id),
        (None, Some(p)) => state.store.food_bank_serving(p).await?,
        (None, None) => None,
    };
    let guideline = match &place {
        Some(p) => guideline(state, p.province.id).await?,
        None => None,
    };
    let is_eligible = guideline.as_ref().is_some_and(|g| tefap_answers_eligible(&answers.to_domain(), &g.rules()));
    answers.eligibility_basis = guideline
        .as_ref()
        .and_then(|g| eligibility_basis(&answers.to_domain(), &g.rules()))
        .map(|b| b.code().to_owned());
    answers.income_limit = match (&guideline, answers.total_household_size) {
        (Some(g), Some(size)) => Some(g.rules().income_maximum(size)),
        _ => None,
    };
    let stored = serde_json::to_value(&answers).map_err(anyhow::Error::from)?;
    let new = NewTefapResponse {
        unique_id: uuid::Uuid::new_v4().to_string(),
        user_id,
        food_bank_id,
        province_id: place.as_ref().map(|p| p.province.id),
        county_id,
        postal_code: place.map(|p| p.postal_code.code),
        answers: stored,
        is_eligible,
    };
    save_response(state, new).await
}

/// Where `zip` lies and which food bank serves it; `None` for an unknown ZIP.
pub async fn zip_area(state: &Context, zip: &str) -> Result<Option<ZipArea>> {
    Ok(state.store.zip_area(zip).await?.map(ZipArea::from))
}

/// The TEFAP guideline of a province; `None` when it has none.
pub async fn guideline(state: &Context, province_id: i64) -> Result<Option<Guideline>> {
    Ok(state.store.tefap_guideline(province_id).await?.map(Guideline::from))
}

async fn save_response(state: &Context, new: NewTefapResponse) -> Result<TefapResult> {
    let (new, now) = (&new, state.clock.now());
    Ok(state.store.write(|txn| async move { txn.save_tefap_response(new, now).await }).await?.into())
}

/// Assigns the response to `user_id`; `None` when it is unknown or someone else's.
pub async fn assign_response(state: &Context, user_id: i64, unique_id: &str) -> Result<Option<TefapResult>> {
    let now = state.clock.now();
    let assigned =
        state.store.write(|txn| async move { txn.assign_tefap_response(user_id, unique_id, now).await }).await?;
    Ok(assigned.map(TefapResult::from))
}

/// The counties of `zip`'s state, its own county marked `isMatch`; `None` for an unknown ZIP.
pub async fn counties_for_zip(state: &Context, zip: &str) -> Result<Option<Vec<County>>> {
    Ok(state.store.counties_for_zip(zip).await?.map(|cs| cs.into_iter().map(County::from).collect()))
}

/// The counties of a province; `None` for an unknown province.
pub async fn counties_of_province(state: &Context, province_id: i64) -> Result<Option<Vec<County>>> {
    Ok(state.store.counties_of_province(province_id).await?.map(|cs| cs.into_iter().map(County::from).collect()))
}

//! TEFAP eligibility: the area of a ZIP code, the guideline that applies there, and
//! storing and assigning responses, in the shapes of GET/POST /tefapeligibility.
use super::Result;
use crate::{
    db::repo::tefap::NewTefapResponse,
    model::tefap::{County, Guideline, TefapResult, ZipArea},
    state::AppState,
};

/// Where `zip` lies and which food bank serves it; `None` for an unknown ZIP.
pub async fn zip_area(state: &AppState, zip: &str) -> Result<Option<ZipArea>> {
    Ok(state.store.zip_area(zip).await?.map(ZipArea::from))
}

/// The TEFAP guideline of a province; `None` when it has none.
pub async fn guideline(state: &AppState, province_id: i64) -> Result<Option<Guideline>> {
    Ok(state.store.tefap_guideline(province_id).await?.map(Guideline::from))
}

pub async fn save_response(state: &AppState, new: NewTefapResponse) -> Result<TefapResult> {
    Ok(state.store.save_tefap_response(new).await?.into())
}

/// Assigns the response to `user_id`; `None` when it is unknown or someone else's.
pub async fn assign_response(state: &AppState, user_id: i64, unique_id: &str) -> Result<Option<TefapResult>> {
    Ok(state.store.assign_tefap_response(user_id, unique_id).await?.map(TefapResult::from))
}

/// The counties of `zip`'s state, its own county marked `isMatch`; `None` for an unknown ZIP.
pub async fn counties_for_zip(state: &AppState, zip: &str) -> Result<Option<Vec<County>>> {
    Ok(state.store.counties_for_zip(zip).await?.map(|cs| cs.into_iter().map(County::from).collect()))
}

/// The counties of a province; `None` for an unknown province.
pub async fn counties_of_province(state: &AppState, province_id: i64) -> Result<Option<Vec<County>>> {
    Ok(state.store.counties_of_province(province_id).await?.map(|cs| cs.into_iter().map(County::from).collect()))
}

//! The survey's reference lists (GET /genders, /races), named in the caller's language.
use super::Result;
use crate::{catalog::Lang, db::repo::reference::ChoiceRow, model::reference::IdName, state::AppState};

fn named_in(lang: Lang, rows: Vec<ChoiceRow>) -> Vec<IdName> {
    rows.into_iter().map(|r| IdName { id: r.id, name: crate::api::localize::name_in(lang, r.name) }).collect()
}

pub async fn genders(state: &AppState, lang: Lang) -> Result<Vec<IdName>> {
    Ok(named_in(lang, state.store.genders().await?))
}

pub async fn races(state: &AppState, lang: Lang) -> Result<Vec<IdName>> {
    Ok(named_in(lang, state.store.races().await?))
}

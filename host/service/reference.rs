//! The survey's reference lists (GET /genders, /races), named in the caller's language.
use super::{Context, Result};
use crate::{catalog::Lang, db::repo::reference::ChoiceRow, model::reference::IdName};

fn named_in(lang: Lang, rows: Vec<ChoiceRow>) -> Vec<IdName> {
    rows.into_iter().map(|r| IdName { id: r.id, name: crate::infra::localize::name_in(lang, r.name) }).collect()
}

pub async fn genders(state: &Context, lang: Lang) -> Result<Vec<IdName>> {
    Ok(named_in(lang, state.store.genders().await?))
}

pub async fn races(state: &Context, lang: Lang) -> Result<Vec<IdName>> {
    Ok(named_in(lang, state.store.races().await?))
}

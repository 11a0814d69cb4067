//! `info_card_sections`: Sections that group home-page info cards (§3 Info card.section).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "info_card_sections")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    pub sort_order: i32,
    pub hide_title: bool,
    /// Other languages' versions of the texts: `{"es": {"title": ...}}`.
    pub translations: Option<Json>,
    #[sea_orm(has_many)]
    pub info_cards: HasMany<super::info_card::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}

//! `info_cards`: Home-page info cards (§3 Info card). `food_bank_code` NULL = the default set;
//! `images` is a JSON array of paths.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "info_cards")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub section_id: Option<i64>,
    pub title: String,
    pub images: Json,
    #[sea_orm(column_type = "Text")]
    pub description: Option<String>,
    pub action_button_text: Option<String>,
    pub modal_title: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub modal_content: Option<String>,
    pub sort_order: i32,
    pub text_color: Option<String>,
    pub background_color: Option<String>,
    pub food_bank_code: Option<String>,
    pub is_public: bool,
    /// Other languages' versions of the texts: `{"es": {"title": ...}}`.
    pub translations: Option<Json>,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "section_id", to = "id")]
    pub info_card_section: BelongsTo<Option<super::info_card_section::Entity>>,
}

impl ActiveModelBehavior for ActiveModel {}

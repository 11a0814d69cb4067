//! A food bank admin's content (`/staff/content`, `/api/v1/staff/content`): info cards with
//! their sections, and notifications (the shoppers' Messages) with the window they show in, each in
//! English and as many of the app's other languages as the admin writes, and previewed as
//! shoppers will see them (the rich text cleaned).
use crate::domain::Id;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

/// One language's texts as stored, and the body as shoppers see it (cleaned HTML).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentText {
    pub title: String,
    pub body: Option<String>,
    /// `body` cleaned by the sanitiser: what the shopper's page shows.
    pub preview: Option<String>,
}

/// A text's version in one of the app's other languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentVersion {
    /// The language's code ("es", "zh-Hans").
    pub lang: String,
    #[serde(flatten)]
    pub text: ContentText,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCard {
    pub id: Id,
    pub section_id: Option<Id>,
    pub en: ContentText,
    /// The other languages it is written in, in the app's order.
    pub translations: Vec<ContentVersion>,
    /// The shopper languages it is not written in: their readers see the English.
    pub missing: Vec<String>,
    pub sort_order: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminSection {
    pub id: Id,
    pub name: String,
    pub name_es: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminNotice {
    pub id: Id,
    pub en: ContentText,
    /// The other languages it is written in, in the app's order.
    pub translations: Vec<ContentVersion>,
    /// The shopper languages it is not written in: their readers see the English.
    pub missing: Vec<String>,
    /// None: from when it was posted. In the food bank's zone, with the offset.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub starts_at: Option<crate::domain::time::PlaceTime>,
    /// None: until taken down.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub ends_at: Option<crate::domain::time::PlaceTime>,
    /// Shoppers see it now (judged by the server's clock).
    pub showing: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminContent {
    /// The food bank whose content this is (its code tags the rows).
    pub food_bank_id: Id,
    pub sections: Vec<AdminSection>,
    pub cards: Vec<AdminCard>,
    /// Newest first.
    pub notices: Vec<AdminNotice>,
}

/// An info card (`POST` adds, `PUT` edits). `body` is the text its modal shows (rich text).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardForm {
    #[serde(default)]
    #[schema(max_length = 200)]
    pub title: String,
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub body: Option<String>,
    /// The other languages' versions, by field: `titleEs` and `bodyEs`, `titleKo` and `bodyKo`,
    /// `titleZhHans`... (`ContentVersion` names each language's fields). A version is kept when
    /// it has a title.
    #[serde(flatten)]
    #[schema(value_type = HashMap<String, String>)]
    pub translations: HashMap<String, serde_json::Value>,
    /// An existing section; or `newSection` names a new one.
    #[serde(default)]
    pub section_id: Option<Id>,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub new_section: Option<String>,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub new_section_es: Option<String>,
    #[serde(default)]
    pub sort_order: Option<i32>,
}

/// A notification (`POST` adds, `PUT` edits): shown to the food bank's shoppers from `startsAt`
/// (None: now) until `endsAt` (None: until changed).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeForm {
    #[serde(default)]
    #[schema(max_length = 200)]
    pub title: String,
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub body: Option<String>,
    /// The other languages' versions, by field: `titleEs` and `bodyEs`, `titleKo` and `bodyKo`,
    /// `titleZhHans`... (`ContentVersion` names each language's fields). A version is kept when
    /// it has a title.
    #[serde(flatten)]
    #[schema(value_type = HashMap<String, String>)]
    pub translations: HashMap<String, serde_json::Value>,
    #[serde(default)]
    pub starts_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub ends_at: Option<DateTime<Utc>>,
}

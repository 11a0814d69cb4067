//! Home-page content (spec §3 "Info card") and messages (§3 "Message").
use super::orders::Order;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InfoCard {
    pub id: i64,
    pub title: String,
    /// Image URLs, as stored.
    #[schema(value_type = Vec<String>)]
    pub images: serde_json::Value,
    pub description: Option<String>,
    pub action_button_text: Option<String>,
    pub modal_title: Option<String>,
    /// HTML, sanitised on the way out.
    pub modal_content: Option<String>,
    pub order: i32,
    pub section: Option<InfoCardSection>,
    pub text_color: Option<String>,
    pub background_color: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InfoCardSection {
    pub id: i64,
    pub name: String,
    pub order: i32,
    pub hide_title: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: i64,
    pub title: String,
    pub description: Option<String>,
    /// HTML, sanitised on the way out.
    pub details: Option<String>,
    pub created: DateTime<Utc>,
    /// `None` for notifications shown everywhere.
    pub food_bank_code: Option<String>,
}

/// One entry of `GET /messages`: `{type: "notification" | "order", data, isRead}`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(tag = "type", content = "data", rename_all = "camelCase")]
pub enum MessageData {
    Notification(Notification),
    Order(Box<Order>),
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    #[serde(flatten)]
    pub data: MessageData,
    /// Orders are never "read": they stay until they are past.
    pub is_read: bool,
}

/// The answer to marking a notification read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageRead {
    pub id: i64,
    pub is_read: bool,
}

//! "Download my data" (issue 53 item 3): everything the account holds about its owner in one
//! value, for the JSON file and the readable page (`http::my_data`): the profile, saved addresses,
//! every order with its items, the messages shown to the account, the questionnaires' answers and
//! the devices signed in.
use super::{Context, Result, accounts, devices, orders};
use crate::{
    catalog::Lang,
    db::repo::my_data::Questionnaires,
    model::{
        account::{Profile, SavedAddress, SignedInDevice},
        orders::{Order, OrderItem},
    },
};
use chrono::{DateTime, Utc};
use serde::Serialize;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MyData {
    pub made_at: DateTime<Utc>,
    pub profile: Profile,
    pub addresses: Vec<SavedAddress>,
    pub orders: Vec<MyOrder>,
    pub messages: Vec<MyMessage>,
    pub questionnaires: Questionnaires,
    pub devices: Vec<SignedInDevice>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MyOrder {
    #[serde(flatten)]
    pub order: Order,
    pub items: Vec<OrderItem>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MyMessage {
    pub title: String,
    pub description: Option<String>,
    pub created: DateTime<Utc>,
}

/// The account's data; `session` is the request's session id, which the devices mark.
pub async fn export(state: &Context, user_id: i64, session: &str, lang: Lang) -> Result<MyData> {
    let now = state.clock.now();
    let (profile, addresses, list, questionnaires, devices, notes) = tokio::try_join!(
        accounts::profile(state, user_id),
        accounts::saved_addresses(state, user_id),
        orders::list(state, user_id),
        async { Ok(state.store.questionnaires_of(user_id).await?) },
        devices::list(state, user_id, session),
        async { Ok(state.store.notifications(None, Some(user_id), now, lang).await?) },
    )?;
    let mut orders = Vec::with_capacity(list.len());
    for order in list {
        let items = orders::items(state, user_id, order.id).await?;
        orders.push(MyOrder { order, items });
    }
    let messages = notes
        .into_iter()
        .map(|n| MyMessage { title: n.title, description: n.description, created: n.created })
        .collect();
    Ok(MyData { made_at: now, profile, addresses, orders, messages, questionnaires, devices })
}

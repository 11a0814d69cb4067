//! What the shopper is told when the pantry moves their order on: Ready, Cancelled by the pantry
//! (with its reason) and No-Show, and for a delivery Out for delivery, Delivered and Not delivered, each leave a personal message in their Messages and, as their
//! profile allows, an e-mail and a text message in their language (`service::notices`). Both are written in the transaction of the
//! change itself, so the shopper hears of a change exactly when it happened.
use super::Result;
use crate::{
    catalog::Lang,
    db::repo::{Write, staff::orders::ActingOrder},
    domain::orders::StatusType,
    infra::localize::ServerTexts,
    service::notices::{self, Channels, Notice},
};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

/// The English texts of a step (keys of `host/i18n/api.es.json`), `{number}` and `{reason}` to fill.
struct News {
    title: &'static str,
    text: &'static str,
}

fn news_of(to: StatusType, by_pantry_cancel: bool, is_pickup: bool) -> Option<News> {
    match to {
        // A delivery's next news is its run leaving the depot.
        StatusType::Ready if !is_pickup => None,
        StatusType::OutForDelivery => Some(News {
            title: "Your order is on its way",
            text: "Order {number} is out for delivery. The driver will bring it during your delivery time.",
        }),
        StatusType::Completed if !is_pickup => Some(News {
            title: "Your order was delivered",
            text: "Order {number} was delivered. Thank you for ordering with us.",
        }),
        StatusType::NoShow if !is_pickup => Some(News {
            title: "Your order could not be delivered",
            text: "Order {number} could not be delivered, so its food went back on the shelves. You can place a new order.",
        }),
        StatusType::Ready => Some(News {
            title: "Your order is ready",
            text: "Order {number} is packed and ready. Show this number when you pick it up.",
        }),
        StatusType::Cancelled if by_pantry_cancel => Some(News {
            title: "The pantry cancelled your order",
            text: "The pantry cancelled order {number}: {reason}",
        }),
        StatusType::NoShow => Some(News {
            title: "Your order was not picked up",
            text: "Order {number} was not picked up in its pickup time, so its food went back on the pantry's shelves. You can place a new order.",
        }),
        _ => None,
    }
}

/// A template in `lang` (English as written, else the catalog's), its placeholders filled.
fn say(template: &str, lang: Lang, number: &str, reason: &str) -> String {
    let text = ServerTexts::for_lang(lang).and_then(|t| t.translate(template)).unwrap_or_else(|| template.to_owned());
    text.replace("{number}", number).replace("{reason}", reason)
}

/// The order's number as the shopper's pages show it (`app/src/lib/orders.ts` `orderNumber`).
fn number(order_id: i64) -> String {
    format!("{order_id:X}")
}

/// Tells the shopper of `order` that it is now `to` (a pantry's cancel carries `reason`).
pub(super) async fn tell(
    txn: &Write,
    channels: Channels<'_>,
    order: &ActingOrder,
    to: StatusType,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<()> {
    let Some(news) = news_of(to, reason.is_some(), order.is_pickup) else { return Ok(()) };
    let number = number(order.id);
    let reason = reason.unwrap_or_default();
    // The message in every language, so Messages shows it in the one the shopper reads in then.
    let mut translations = Map::new();
    for lang in Lang::all().filter(|l| *l != Lang::EN) {
        translations.insert(
            lang.code().to_owned(),
            json!({ "title": say(news.title, lang, &number, reason), "description": say(news.text, lang, &number, reason) }),
        );
    }
    let title = say(news.title, Lang::EN, &number, reason);
    let text = say(news.text, Lang::EN, &number, reason);
    txn.add_personal_message(order.user_id, &title, &text, None, Value::Object(translations), now).await?;

    let words = |lang: Lang| (say(news.title, lang, &number, reason), say(news.text, lang, &number, reason));
    let notice =
        Notice { key: format!("order:{}:{}", order.id, to.code()), path: "/account/orders".into(), words: &words };
    notices::send(txn, channels, order.user_id, &notice, now).await
}

//! "Download my data" (issue 53 item 3), for the account the session cookie signs in: the whole
//! of it as JSON (`/account/data.json`) and as a page a person can read offline
//! (`/account/data.html`), both files to keep, never cached. Signed out is 401.
use super::answers::{Say, attachment, failed, say, signed_in};
use crate::{
    api::session_cookie,
    catalog::Lang,
    infra::time_words,
    service::my_data::{self, MyData},
    state::AppState,
};
use askama::Template;
use axum::{Router, extract::State, http::HeaderMap, response::Response, routing::get};

pub fn router() -> Router<AppState> {
    Router::new().route("/account/data.json", get(as_json)).route("/account/data.html", get(as_page))
}

/// The signed-in account's data, else the answer to give.
async fn mine(state: &AppState, headers: &HeaderMap, lang: Lang) -> Result<MyData, Response> {
    let user = signed_in(state, headers, lang).await?;
    let session = session_cookie::token(headers).and_then(|t| state.tokens.verify(t)).map(|c| c.sid);
    my_data::export(state, user, session.as_deref().unwrap_or_default(), lang)
        .await
        .map_err(|error| failed(state, lang, error, "data download not made"))
}

async fn as_json(State(state): State<AppState>, headers: HeaderMap, lang: Lang) -> Response {
    let data = match mine(&state, &headers, lang).await {
        Ok(data) => data,
        Err(res) => return res,
    };
    match serde_json::to_vec_pretty(&data) {
        Ok(body) => attachment("orderahead-my-data.json", "application/json", body),
        Err(_) => say(&state, lang, Say::TryAgain),
    }
}

async fn as_page(State(state): State<AppState>, headers: HeaderMap, lang: Lang) -> Response {
    let data = match mine(&state, &headers, lang).await {
        Ok(data) => data,
        Err(res) => return res,
    };
    let page = readable(&state, lang, &data);
    match page.render() {
        Ok(html) => attachment("orderahead-my-data.html", "text/html; charset=utf-8", html.into_bytes()),
        Err(_) => say(&state, lang, Say::TryAgain),
    }
}

#[derive(Template)]
#[template(path = "my_data.html")]
struct Readable {
    lang: &'static str,
    dir: &'static str,
    title: String,
    made: String,
    none: String,
    sections: Vec<Section>,
}

struct Section {
    title: String,
    records: Vec<Vec<(String, String)>>,
}

/// The data as sections of labelled fields, in the page's language; dates in the words the app's
/// formatters use (`infra::time_words`): an order's in its pantry's zone, the account's own (the
/// account has no place) in UTC.
fn readable(state: &AppState, lang: Lang, d: &MyData) -> Readable {
    let t = |key: &str| state.catalog.text(lang, key).to_owned();
    let yes_no = |b: bool| t(if b { "account.data.yes" } else { "account.data.no" });
    let opt = |v: &Option<String>| v.clone().unwrap_or_default();
    let date = |at: chrono::DateTime<chrono::Utc>| time_words::date(at.date_naive(), lang);
    let p = &d.profile;
    let profile = vec![
        (t("account.field.firstName"), p.first_name.clone()),
        (t("account.field.lastName"), p.last_name.clone()),
        (t("account.field.email"), p.e_mail_address.clone()),
        (t("account.field.phone"), opt(&p.phone_number)),
        (t("account.details.zip"), opt(&p.postal_code)),
        (t("account.field.messaging.email"), yes_no(p.is_email_notification_enabled)),
        (t("account.field.messaging.text"), yes_no(p.is_text_message_notification_enabled)),
        (t("account.field.messaging.phone"), yes_no(p.is_phone_call_notification_enabled)),
    ];
    let addresses = d
        .addresses
        .iter()
        .map(|a| {
            let s = &a.address;
            let line = [Some(s.address_line1.clone()), s.address_line2.clone(), Some(s.city.clone())]
                .into_iter()
                .flatten()
                .chain([format!("{} {}", s.province, s.postal_code)])
                .filter(|p| !p.trim().is_empty())
                .collect::<Vec<_>>()
                .join(", ");
            vec![
                (t("account.data.field.name"), a.name.clone()),
                (t("account.data.field.address"), line),
                (t("account.data.field.notes"), opt(&a.notes)),
                (t("account.data.field.primary"), yes_no(a.is_primary)),
            ]
        })
        .collect();
    let orders = d
        .orders
        .iter()
        .map(|o| {
            let order = &o.order;
            let when = match (&order.pickup_time, &order.delivery_time) {
                (Some(p), _) => {
                    format!("{} {}", time_words::day(p.pickup_day, lang), time_words::time(p.pickup_start_time, lang))
                }
                (None, Some(w)) => {
                    format!(
                        "{} {}",
                        time_words::day(w.delivery_day, lang),
                        time_words::time(w.delivery_start_time, lang)
                    )
                }
                (None, None) => String::new(),
            };
            let place =
                order.pantry_location.as_ref().map(|l| l.label.clone()).unwrap_or_else(|| t("account.data.delivery"));
            let items = o
                .items
                .iter()
                .map(|i| format!("{} × {}", i.pantry_inventory_item.pantry_item.name, i.quantity))
                .collect::<Vec<_>>()
                .join("\n");
            let status = format!("orders.state.{}", order.pantry_order_status_type.code);
            vec![
                (t("account.data.field.order"), order.id.to_string()),
                (t("account.data.field.placed"), time_words::date(order.created.date_naive(), lang)),
                (t("account.data.field.place"), place),
                (t("account.data.field.when"), when),
                (t("account.data.field.status"), t(&status)),
                (t("account.data.field.items"), items),
            ]
        })
        .collect();
    let messages = d
        .messages
        .iter()
        .map(|m| {
            vec![
                (t("account.data.field.date"), date(m.created)),
                (t("account.data.field.title"), m.title.clone()),
                (t("account.data.field.text"), opt(&m.description)),
            ]
        })
        .collect();
    let q = &d.questionnaires;
    let eligibility = q
        .eligibility
        .iter()
        .map(|e| {
            vec![
                (t("account.data.field.date"), date(e.answered_at)),
                (t("account.details.zip"), opt(&e.postal_code)),
                (t("account.data.field.eligible"), yes_no(e.is_eligible)),
                (t("account.data.field.answers"), serde_json::to_string_pretty(&e.answers).unwrap_or_default()),
            ]
        })
        .collect();
    let noted = |b: Option<bool>| b.map(yes_no).unwrap_or_default();
    let survey = q
        .checkout_survey
        .iter()
        .map(|s| {
            vec![
                (t("account.data.field.date"), date(s.answered_at)),
                (
                    t("account.data.field.householdMembers"),
                    s.household_members.map(|n| n.to_string()).unwrap_or_default(),
                ),
                (t("account.data.field.street"), opt(&s.street)),
                (t("account.data.field.city"), opt(&s.city)),
                (t("account.data.field.state"), opt(&s.state)),
                (
                    t("account.data.field.birthDate"),
                    s.date_of_birth.map(|b| time_words::date(b, lang)).unwrap_or_default(),
                ),
                (t("account.data.field.heard"), opt(&s.how_did_you_hear)),
                ("SNAP".into(), noted(s.snap)),
                ("WIC".into(), noted(s.wic)),
                ("Medicaid".into(), noted(s.medicaid)),
                ("SSI".into(), noted(s.ssi)),
                ("TANF".into(), noted(s.tanf)),
            ]
        })
        .collect();
    let food = q
        .food_situation
        .iter()
        .map(|f| {
            vec![
                (t("account.data.field.date"), date(f.answered_at)),
                (t("account.data.field.worried"), f.worried_food_will_run_out.to_string()),
                (t("account.data.field.didNotLast"), f.food_did_not_last.to_string()),
                (t("account.data.field.charity"), f.received_charity_food.to_string()),
                (t("account.data.field.eligible"), yes_no(f.is_eligible)),
            ]
        })
        .collect();
    let devices = d
        .devices
        .iter()
        .map(|s| {
            let name = [s.browser.clone(), s.system.clone()].into_iter().flatten().collect::<Vec<_>>().join(" · ");
            vec![(t("account.data.field.device"), name), (t("account.data.field.current"), yes_no(s.current))]
        })
        .collect();
    let section = |key: &str, records| Section { title: t(key), records };
    Readable {
        lang: lang.code(),
        dir: lang.dir(),
        title: t("account.data.title"),
        made: t("account.data.made").replace("{date}", &date(d.made_at)),
        none: t("account.data.none"),
        sections: vec![
            section("account.data.profile", vec![profile]),
            section("account.data.addresses", addresses),
            section("account.data.orders", orders),
            section("account.data.messages", messages),
            section("account.data.eligibility", eligibility),
            section("account.data.survey", survey),
            section("account.data.foodSituation", food),
            section("account.devices.title", devices),
        ],
    }
}

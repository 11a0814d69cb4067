//! /account (Account Details): for a signed-in shopper (session cookie), their profile and saved
//! addresses, as GET /account/profile and /account/addresses answer them, so the page shows them
//! without JavaScript; signed out, the heading and a Log In link. Its Calendar section makes or
//! resets the shopper's private calendar feed (issue 54), whose address is shown once, on the page
//! the post answers (only its hash is kept). Its Devices section lists where the account is signed
//! in, ends any of them, or all (issue 53 item 2); Your Data links the data download and deletes
//! the account once its password confirms it (issue 53 item 3).
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page, SessionChange};
use crate::{
    model::account::{Profile, ProfileUpdateBody, SavedAddress, SavedAddressBody, SignedInDevice, StreetAddressBody},
    service::{account_deletion, accounts, calendar, devices},
};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page =
    Page { id: "account", patterns: &["/account"], public: false, cache_query: &[], load, action: Some(action) };

/// The shopper's profile and addresses; both absent when signed out or when they failed to load.
#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct AccountPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<Profile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    addresses: Option<Vec<SavedAddress>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    calendar_feed: Option<CalendarFeed>,
    /// The devices signed in to the account (issue 53 item 2), this one marked.
    #[serde(skip_serializing_if = "Option::is_none")]
    devices: Option<Vec<SignedInDevice>>,
    /// Signed out by deleting the account (issue 53 item 3): the page says it was done.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    deleted: bool,
}

/// The shopper's calendar feed: whether they have made one, and its address right after it was
/// made (never again: only its hash is kept).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeed {
    active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
}

/// The query of the page a deleted account lands on, signed out.
const DELETED: &str = "deleted";

/// The posted field that carries a new feed's address from the action to the page it shows.
const FEED_URL: &str = "calendarFeedUrl";

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let Some(shopper) = ctx.shopper else {
            return Loaded::ok(AccountPage { deleted: ctx.query.contains_key(DELETED), ..AccountPage::default() });
        };
        let state = &ctx.state;
        let loaded = tokio::try_join!(
            accounts::profile(state, shopper.id),
            accounts::saved_addresses(state, shopper.id),
            calendar::has_feed(state, shopper.id),
            devices::list(state, shopper.id, &shopper.session)
        );
        match loaded {
            Ok((profile, addresses, active, devices)) => Loaded::ok(AccountPage {
                profile: Some(profile),
                addresses: Some(addresses),
                calendar_feed: Some(CalendarFeed { active, url: ctx.posted.get(FEED_URL).cloned() }),
                devices: Some(devices),
                deleted: false,
            }),
            // The page still works: the app loads the account itself after hydration.
            Err(error) => {
                tracing::warn!(%error, "account page rendered without the shopper's data");
                Loaded::ok(AccountPage::default())
            }
        }
    })
}

/// The account's forms sent before (or without) JavaScript, each by its `intent`: Log Out (the
/// session cookie goes, as POST /account/logout drops it), Edit Profile, an address's Save and
/// its confirmed Delete. Each runs the service the API's handler runs, then shows /account again.
fn action(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let intent = ctx.form.text(super::INTENT);
        if intent == "signOut" {
            // As `POST /account/logout`: the session ends on every host, not only in this browser.
            return match ctx.session_token.as_deref() {
                Some(token) => match accounts::sign_out(&ctx.state, token).await {
                    Ok(()) => Acted::Redirect { to: "/".into(), session: SessionChange::Clear },
                    Err(error) => Acted::refused(error),
                },
                None => Acted::Redirect { to: "/".into(), session: SessionChange::Clear },
            };
        }
        let Some(shopper) = ctx.shopper else {
            // Signed out meanwhile: sign in, then the account page again.
            return Acted::to(format!("/account/login?returnTo={}", super::query_value("/account")));
        };
        let form = &ctx.form;
        let text = |name: &'static str| (name, form.text(name).to_owned());
        match intent {
            "saveProfile" => {
                let edit = ProfileUpdateBody {
                    first_name: form.text("firstName").to_owned(),
                    last_name: form.text("lastName").to_owned(),
                    phone_number: form.text("phone").to_owned(),
                    postal_code: form.optional("postalCode"),
                    is_email_notification_enabled: Some(form.ticked("isEmailNotificationEnabled")),
                    is_text_message_notification_enabled: Some(form.ticked("isTextMessageNotificationEnabled")),
                    is_phone_call_notification_enabled: Some(form.ticked("isPhoneCallNotificationEnabled")),
                    default_food_bank: None,
                };
                let kept = vec![
                    text("firstName"),
                    text("lastName"),
                    text("phone"),
                    text("postalCode"),
                    ticked(form, "isEmailNotificationEnabled"),
                    ticked(form, "isTextMessageNotificationEnabled"),
                    ticked(form, "isPhoneCallNotificationEnabled"),
                ];
                match accounts::update_profile(&ctx.state, shopper.id, edit).await {
                    Ok(_) => Acted::to("/account"),
                    Err(error) => Acted::refused(error).keeping(kept),
                }
            }
            "saveAddress" => {
                let Ok(id) = address_id(form.text("addressId")) else { return unknown_address() };
                let body = SavedAddressBody {
                    name: form.text("name").to_owned(),
                    is_primary: form.ticked("isPrimary"),
                    notes: form.optional("notes"),
                    address: StreetAddressBody {
                        address_line1: form.text("addressLine1").to_owned(),
                        address_line2: form.optional("addressLine2"),
                        city: form.text("city").to_owned(),
                        province: form.text("province").to_owned(),
                        postal_code: form.text("postalCode").to_owned(),
                        country_code: None,
                    },
                };
                let kept = vec![
                    text("addressId"),
                    text("name"),
                    text("addressLine1"),
                    text("addressLine2"),
                    text("city"),
                    text("province"),
                    text("postalCode"),
                    text("notes"),
                    ticked(form, "isPrimary"),
                ];
                match accounts::save_address(&ctx.state, shopper.id, id, body).await {
                    Ok(_) => Acted::to("/account"),
                    Err(error) => Acted::refused(error).keeping(kept),
                }
            }
            // Make the feed, or reset it: a new address, the old one a 404 from now on. The page
            // answers with the new address (a redirect would have to carry it in the URL).
            "calendarFeed" => match calendar::reset_feed(&ctx.state, shopper.id).await {
                Ok(url) => Acted::show(vec![(FEED_URL, url)]),
                Err(error) => Acted::refused(error),
            },
            // Another device of the account: signed out on every host; this page again, without it.
            "endSession" => {
                let Some(id) = super::shared::row_id(form.text("sessionId")) else { return unknown_session() };
                match devices::end(&ctx.state, shopper.id, id).await {
                    Ok(()) => Acted::to("/account"),
                    Err(error) => Acted::refused(error),
                }
            }
            // Every device, this one too: the cookie goes as on Log Out.
            "signOutEverywhere" => match devices::end_everywhere(&ctx.state, shopper.id).await {
                Ok(()) => Acted::Redirect { to: "/".into(), session: SessionChange::Clear },
                Err(error) => Acted::refused(error),
            },
            // Everything personal goes, and every session; the page then says so, signed out.
            "deleteAccount" => {
                match account_deletion::delete_account(&ctx.state, shopper.id, form.text("password")).await {
                    Ok(()) => Acted::Redirect { to: format!("/account?{DELETED}=1"), session: SessionChange::Clear },
                    Err(error) => Acted::refused(error),
                }
            }
            "deleteAddress" => {
                let Ok(Some(id)) = address_id(form.text("addressId")) else { return unknown_address() };
                match accounts::delete_saved_address(&ctx.state, shopper.id, id).await {
                    Ok(()) => Acted::to("/account"),
                    Err(error) => Acted::refused(error),
                }
            }
            _ => Acted::refused(crate::service::Error::Invalid("Unknown form.".into())),
        }
    })
}

/// A checkbox's kept value: "on" when ticked, as the browser sends it.
fn ticked(form: &super::FormFields, name: &'static str) -> (&'static str, String) {
    (name, if form.ticked(name) { "on".to_owned() } else { String::new() })
}

/// The address a form edits: none for a new one, else its id as the API takes it.
fn address_id(field: &str) -> Result<Option<i64>, ()> {
    match field {
        "" => Ok(None),
        id => super::shared::row_id(id).map(Some).ok_or(()),
    }
}

fn unknown_session() -> Acted {
    Acted::refused(crate::service::Error::not_found(&crate::domain::messages::SESSION_NOT_FOUND))
}

fn unknown_address() -> Acted {
    Acted::refused(crate::service::Error::not_found(&crate::domain::messages::ADDRESS_NOT_FOUND))
}

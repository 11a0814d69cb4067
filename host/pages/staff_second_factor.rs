//! `/staff/second-factor` (issue 53 item 1): where a staff member whose food bank requires a
//! second factor sets up a code app (the secret as text and an `otpauth://` address, confirmed by
//! a code, answered with ten recovery codes shown once), or proves it in this session with a code
//! or a recovery code; or registers a passkey (the first factor, or another in a proved session)
//! and proves the session with one. The one staff page the second factor does not guard (it is
//! where it is proved): it asks only for a signed-in account with a grant. Forms post here
//! (intents `confirm` and `prove`, which work before JavaScript; `addPasskey` and `usePasskey`,
//! whose `credential` the browser's WebAuthn API writes).
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    domain::staff::Volunteer,
    service::{
        self as services, accounts, passkeys,
        second_factor::{self, Standing},
        staff::Staff,
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-second-factor",
    patterns: &["/staff/second-factor"],
    public: false,
    cache_query: &[],
    load,
    action: Some(action),
};

/// The posted field that carries the new recovery codes from the action to the page it shows.
const CODES: &str = "recoveryCodes";
/// The posted field that says a passkey was just added.
const ADDED: &str = "passkeyAdded";

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffSecondFactorPage {
    /// `signIn`, `staffOnly`, `enrolling`, `enrolled` (not proved in this session) or `proved`.
    state: String,
    /// While enrolling: the secret to type into the app, and the address a QR code would carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    secret: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// Right after enrolling: the recovery codes, shown this once.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    recovery_codes: Vec<String>,
    /// The options for `navigator.credentials.create` (a `PublicKeyCredentialCreationOptions` as
    /// JSON): offered to someone with no factor yet, or in a session that proved one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    passkey_create: Option<serde_json::Value>,
    /// The options for `navigator.credentials.get`: offered while this session has not proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    passkey_get: Option<serde_json::Value>,
    /// The names of the passkeys registered (the browser and system each was made on).
    passkeys: Vec<String>,
    /// Right after a passkey was added.
    passkey_added: bool,
}

fn page(state: &str) -> StaffSecondFactorPage {
    StaffSecondFactorPage { state: state.into(), ..Default::default() }
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let Some(shopper) = ctx.shopper.clone() else {
            return Loaded::with_status(StatusCode::UNAUTHORIZED, page("signIn"));
        };
        let state = &ctx.state;
        let standing = async {
            if Staff::<Volunteer>::resolve(state, shopper.id).await?.is_none() {
                return Ok(None);
            }
            let account = accounts::email(state, shopper.id).await?.unwrap_or_default();
            let standing = second_factor::standing(state, shopper.id, &shopper.session, &account).await?;
            let (enrolled, proved) = match standing {
                Standing::Enrolled { proved } => (true, proved),
                Standing::Enrolling { .. } => (false, false),
            };
            let offer = passkeys::offer(state, shopper.id, &shopper.session, &account, proved, enrolled).await?;
            Ok::<_, services::Error>(Some((standing, offer)))
        };
        let codes: Vec<String> =
            ctx.posted.get(CODES).map(|c| c.split_whitespace().map(str::to_owned).collect()).unwrap_or_default();
        match standing.await {
            Ok(None) => Loaded::with_status(StatusCode::FORBIDDEN, page("staffOnly")),
            Ok(Some((standing, offer))) => {
                let with_passkeys = |p: StaffSecondFactorPage| StaffSecondFactorPage {
                    passkey_create: offer.register,
                    passkey_get: offer.prove,
                    passkeys: offer.names,
                    passkey_added: ctx.posted.contains_key(ADDED),
                    ..p
                };
                Loaded::ok(with_passkeys(match standing {
                    Standing::Enrolling { secret, url } => {
                        StaffSecondFactorPage { secret: Some(secret), url: Some(url), ..page("enrolling") }
                    }
                    Standing::Enrolled { proved } => StaffSecondFactorPage {
                        recovery_codes: codes,
                        ..page(if proved { "proved" } else { "enrolled" })
                    },
                }))
            }
            Err(error) => {
                tracing::error!(%error, "second factor page not loaded");
                Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, page("unavailable"))
            }
        }
    })
}

fn action(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let Some(shopper) = ctx.shopper.clone() else {
            return Acted::to("/account/login?returnTo=%2Fstaff%2Fsecond-factor");
        };
        let code = ctx.form.text("code").to_owned();
        match ctx.form.text(super::INTENT) {
            "confirm" => match second_factor::confirm(&ctx.state, shopper.id, &shopper.session, &code).await {
                Ok(codes) => Acted::show(vec![(CODES, codes.join(" "))]),
                Err(error) => Acted::refused(error),
            },
            "prove" => match second_factor::prove(&ctx.state, shopper.id, &shopper.session, &code).await {
                Ok(()) => Acted::to("/staff"),
                Err(error) => Acted::refused(error),
            },
            // A passkey: `credential` is the browser's answer, as its `toJSON()` writes it.
            "addPasskey" => {
                let answer = ctx.form.text("credential");
                let agent = ctx.agent.as_deref();
                match passkeys::register(&ctx.state, shopper.id, &shopper.session, answer, agent).await {
                    Ok(codes) => Acted::show(vec![(CODES, codes.join(" ")), (ADDED, "1".to_owned())]),
                    Err(error) => Acted::refused(error),
                }
            }
            "usePasskey" => {
                match passkeys::prove(&ctx.state, shopper.id, &shopper.session, ctx.form.text("credential")).await {
                    Ok(()) => Acted::to("/staff"),
                    Err(error) => Acted::refused(error),
                }
            }
            _ => Acted::refused(services::Error::Invalid("Unknown form.".into())),
        }
    })
}

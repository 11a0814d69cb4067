//! `/staff/second-factor` (issue 53 item 1): where a staff member whose food bank requires a
//! second factor sets up a code app (the secret as text and an `otpauth://` address, confirmed by
//! a code, answered with ten recovery codes shown once), or proves it in this session with a code
//! or a recovery code. The one staff page the second factor does not guard (it is where it is
//! proved): it asks only for a signed-in account with a grant. Forms post here (intents `confirm`
//! and `prove`) and work before JavaScript.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    domain::staff::Volunteer,
    service::{
        self as services, accounts,
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
            second_factor::standing(state, shopper.id, &shopper.session, &account).await.map(Some)
        };
        let codes: Vec<String> =
            ctx.posted.get(CODES).map(|c| c.split(' ').map(str::to_owned).collect()).unwrap_or_default();
        match standing.await {
            Ok(None) => Loaded::with_status(StatusCode::FORBIDDEN, page("staffOnly")),
            Ok(Some(Standing::Enrolling { secret, url })) => {
                Loaded::ok(StaffSecondFactorPage { secret: Some(secret), url: Some(url), ..page("enrolling") })
            }
            Ok(Some(Standing::Enrolled { proved })) => Loaded::ok(StaffSecondFactorPage {
                recovery_codes: codes,
                ..page(if proved { "proved" } else { "enrolled" })
            }),
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
            _ => Acted::refused(services::Error::Invalid("Unknown form.".into())),
        }
    })
}

//! /referral/{code?}: the referral landing. The code's public data (its pickup sites and food
//! banks) is loaded here, so the page is useful before scripts run; claiming it for an account or
//! keeping it on the device happens in the browser. Without a code the page is the code form, whose
//! plain GET submission arrives as `?code=`.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page, failure_status};
use crate::{
    domain::messages,
    model::referrals::ReferralCode,
    service::{
        self,
        referrals::{self, Trier},
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "referral",
    patterns: &["/referral", "/referral/{code}"],
    public: false,
    cache_query: &[],
    load,
    action: Some(action),
};

/// The landing's data: no code (the code form), the code's public data, or why it has none.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum ReferralPage {
    Form {
        code: Option<String>,
    },
    Found {
        code: String,
        referral: ReferralCode,
        /// Just claimed for the account by the form posted without JavaScript (`?claimed=true`).
        claimed: bool,
    },
    #[serde(rename_all = "camelCase")]
    Failed {
        code: String,
        referral: Option<ReferralCode>,
        failure_reason: Option<String>,
    },
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let code =
            ctx.params.get("code").or_else(|| ctx.query.get("code")).map(|c| c.trim().to_owned()).unwrap_or_default();
        if code.is_empty() {
            return Loaded::ok(ReferralPage::Form { code: None });
        }
        let failed = |status: StatusCode, reason: Option<&str>| {
            let failure_reason = reason.map(str::to_owned);
            Loaded::with_status(status, ReferralPage::Failed { code: code.clone(), referral: None, failure_reason })
        };
        let who = Trier { client: &ctx.client, user_id: None };
        match referrals::referral_code(&ctx.state, &code, who).await {
            Ok(Some(referral)) => {
                let claimed = ctx.query.get("claimed").is_some_and(|v| v == "true");
                Loaded::ok(ReferralPage::Found { code, referral, claimed })
            }
            Ok(None) => failed(StatusCode::NOT_FOUND, Some(messages::UNABLE_TO_VERIFY_CODE.english)),
            Err(error) => match failure_status(&error, "referral") {
                StatusCode::TOO_MANY_REQUESTS => {
                    failed(StatusCode::TOO_MANY_REQUESTS, Some(messages::TOO_MANY_CODES.english))
                }
                // No reason: the page shows its own "There was an error loading this referral code".
                status => failed(status, None),
            },
        }
    })
}

/// The code claimed for the signed-in account, as POST /referralcodes/claims claims it (the app
/// does so by itself on arrival); signed out, the shopper logs in first and comes back here.
fn action(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let code = ctx.params.get("code").map(|c| c.trim().to_owned()).unwrap_or_default();
        let here = format!("/referral/{}", super::path_segment(&code));
        let Some(shopper) = ctx.shopper else {
            return Acted::to(format!("/account/login?returnTo={}", super::query_value(&here)));
        };
        let codes = match referrals::clean_codes(&[&code]) {
            Ok(codes) => codes,
            Err(error) => return Acted::refused(error),
        };
        let who = Trier { client: &ctx.ip, user_id: None };
        match referrals::claim(&ctx.state, who, shopper.id, &codes).await {
            Ok(results) if results.iter().all(|r| r.is_applied_successfully) => {
                Acted::to(format!("{here}?claimed=true"))
            }
            Ok(_) => Acted::refused(service::Error::refused(&messages::UNABLE_TO_VERIFY_CODE)),
            Err(error) => Acted::refused(error),
        }
    })
}

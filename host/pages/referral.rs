//! /referral/{code?}: the referral landing. The code's public data (its pickup sites and food
//! banks) is loaded here, so the page is useful before scripts run; claiming it for an account or
//! keeping it on the device happens in the browser. Without a code the page is the code form, whose
//! plain GET submission arrives as `?code=`.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::api::referrals::UNABLE_TO_VERIFY_CODE;
use axum::http::StatusCode;
use serde_json::json;

pub const PAGE: Page = Page { id: "referral", patterns: &["/referral", "/referral/{code}"], public: false, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let code =
            ctx.params.get("code").or_else(|| ctx.query.get("code")).map(|c| c.trim().to_owned()).unwrap_or_default();
        if code.is_empty() {
            return Loaded::ok(json!({ "code": null }));
        }
        let failed = |status: StatusCode, reason: Option<&str>| {
            Loaded::with_status(status, json!({ "code": code, "referral": null, "failureReason": reason }))
        };
        match crate::service::referrals::referral_code(&ctx.state, &code, None).await {
            Ok(Some(referral)) => Loaded::ok(json!({ "code": code, "referral": referral })),
            Ok(None) => failed(StatusCode::NOT_FOUND, Some(UNABLE_TO_VERIFY_CODE)),
            Err(error) => {
                tracing::warn!(%error, "referral page: load failed");
                // No reason: the page shows its own "There was an error loading this referral code".
                failed(StatusCode::SERVICE_UNAVAILABLE, None)
            }
        }
    })
}

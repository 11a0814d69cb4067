//! Referral codes: load one (public), claim codes onto the account, list held codes.
//!
//! An unknown, inactive or expired code answers 404 "Unable to verify code" (§8
//! Referral). The landing page's own fallback, "There was an error loading this
//! referral code", is only shown when a failure carries no reason, which ours always do.
use super::{ApiError, ApiResult, Body, PathParams, ok};
use crate::{
    domain::messages,
    infra::{
        auth::{AuthUser, MaybeUser},
        ratelimit::ClientIp,
    },
    model::referrals::{ClaimResult, ReferralCode},
    service::referrals::{self, MAX_CLAIMS, MAX_CODE_LEN, Trier, clean_code, clean_codes},
    state::AppState,
};
use axum::extract::State;
use utoipa::openapi::{
    RefOr,
    schema::{ArrayBuilder, ObjectBuilder, Schema, Type},
};
use utoipa_axum::{router::OpenApiRouter, routes};

/// The claim's body: the code texts, as `service::referrals` bounds them.
struct CodesToClaim;

impl utoipa::PartialSchema for CodesToClaim {
    fn schema() -> RefOr<Schema> {
        let code = ObjectBuilder::new().schema_type(Type::String).min_length(Some(1)).max_length(Some(MAX_CODE_LEN));
        ArrayBuilder::new().items(code).max_items(Some(MAX_CLAIMS)).into()
    }
}

impl utoipa::ToSchema for CodesToClaim {}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(load))
        // The static segment wins over `{code}`, so a code spelled "claims" is loaded here.
        .routes(routes!(load_claims_code, claim))
        .routes(routes!(held))
}

async fn load_code(state: &AppState, client: &str, code: &str, user: MaybeUser) -> ApiResult<ReferralCode> {
    let code = clean_code(code)?;
    let found = referrals::referral_code(state, code, Trier { client, user_id: user.id() }).await?;
    ok(found.ok_or_else(|| ApiError::not_found(&messages::UNABLE_TO_VERIFY_CODE))?)
}

#[utoipa::path(
    get, path = "/referralcodes/{code}",
    operation_id = "load_referral_code",
    summary = r#"A referral code by its text, ignoring case (404 "Unable to verify code" when unknown, inactive or expired; 429 after 30 unknown codes in 15 minutes from one address or account)"#,
    params(("code" = String, Path)),
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = ReferralCode))
)]
async fn load(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    user: MaybeUser,
    PathParams(code): PathParams<String>,
) -> ApiResult<ReferralCode> {
    load_code(&state, &client, &code, user).await
}

#[utoipa::path(
    get, path = "/referralcodes/claims",
    summary = r#"The referral code spelled "claims" (the static path shadows the parameter)"#,
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = ReferralCode))
)]
async fn load_claims_code(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    user: MaybeUser,
) -> ApiResult<ReferralCode> {
    load_code(&state, &client, "claims", user).await
}

#[utoipa::path(
    post, path = "/referralcodes/claims",
    request_body = inline(CodesToClaim),
    summary = "Claim referral codes onto the account; unknown codes are not applied, repeated claims succeed. Each code sent counts against the allowance of unknown codes (429)",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<ClaimResult>))
)]
async fn claim(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    user: AuthUser,
    Body(codes): Body<Vec<String>>,
) -> ApiResult<Vec<ClaimResult>> {
    let who = Trier { client: &client, user_id: Some(user.id) };
    ok(referrals::claim(&state, who, user.id, &clean_codes(&codes)?).await?)
}

#[utoipa::path(
    get, path = "/account/referralcodes",
    summary = "The referral codes the caller holds",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<ReferralCode>))
)]
async fn held(State(state): State<AppState>, user: AuthUser) -> ApiResult<Vec<ReferralCode>> {
    ok(referrals::held(&state, user.id).await?)
}

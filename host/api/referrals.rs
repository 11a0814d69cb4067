//! Referral codes: load one (public), claim codes onto the account, list held codes.
//!
//! An unknown, inactive or expired code answers 404 "Unable to verify code" (§8
//! Referral). The landing page's own fallback, "There was an error loading this
//! referral code", is only shown when a failure carries no reason, which ours always do.
use super::{
    ApiError, ApiResult, Body, PathParams,
    auth::{AuthUser, MaybeUser},
    ok,
};
use crate::{
    model::referrals::{ClaimResult, ReferralCode},
    state::AppState,
};
use axum::{Router, extract::State, routing::get};
use serde_json::{Value, json};

pub const UNABLE_TO_VERIFY_CODE: &str = "Unable to verify code";
/// Longest code text accepted; seeded codes are about ten characters.
const MAX_CODE_LEN: usize = 64;
/// A device keeps a handful of codes; more in one claim is not a real client.
const MAX_CLAIMS: usize = 50;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/referralcodes/{code}", get(load))
        // The static segment wins over `{code}`, so a code spelled "claims" is loaded here.
        .route("/referralcodes/claims", get(load_claims_code).post(claim))
        .route("/account/referralcodes", get(held))
}

fn clean_code(text: &str) -> Result<&str, ApiError> {
    let code = text.trim();
    if code.is_empty() || code.chars().count() > MAX_CODE_LEN {
        return Err(ApiError::BadRequest(format!("A referral code has 1 to {MAX_CODE_LEN} characters.")));
    }
    Ok(code)
}

async fn load_code(state: &AppState, code: &str, user: MaybeUser) -> ApiResult<ReferralCode> {
    let code = clean_code(code)?;
    let found = state.store.referral_code(code, user.0.map(|u| u.id)).await?;
    ok(found.ok_or_else(|| ApiError::NotFound(UNABLE_TO_VERIFY_CODE.into()))?)
}

async fn load(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(code): PathParams<String>,
) -> ApiResult<ReferralCode> {
    load_code(&state, &code, user).await
}

async fn load_claims_code(State(state): State<AppState>, user: MaybeUser) -> ApiResult<ReferralCode> {
    load_code(&state, "claims", user).await
}

async fn claim(
    State(state): State<AppState>,
    user: AuthUser,
    Body(codes): Body<Vec<String>>,
) -> ApiResult<Vec<ClaimResult>> {
    if codes.len() > MAX_CLAIMS {
        return Err(ApiError::BadRequest(format!("At most {MAX_CLAIMS} codes can be claimed at once.")));
    }
    let codes: Vec<String> = codes.iter().map(|c| clean_code(c).map(str::to_owned)).collect::<Result<_, _>>()?;
    ok(state.store.claim_referral_codes(user.id, &codes).await?)
}

async fn held(State(state): State<AppState>, user: AuthUser) -> ApiResult<Vec<ReferralCode>> {
    ok(state.store.held_referral_codes(user.id).await?)
}

pub fn openapi() -> Value {
    use super::openapi::{operation, operation_with_body, with_params};
    let code = json!({ "$ref": "#/components/schemas/ReferralCode" });
    let code_param = [("code", "path", "string")];
    json!({
        "paths": {
            "/referralcodes/{code}": { "get": with_params(
                operation("A referral code by its text, ignoring case (404 \"Unable to verify code\" when unknown, inactive or expired)", code.clone(), false),
                &code_param) },
            "/referralcodes/claims": {
                "get": operation("The referral code spelled \"claims\" (the static path shadows the parameter)", code.clone(), false),
                "post": operation_with_body(
                    "Claim referral codes onto the account; unknown codes are not applied, repeated claims succeed",
                    json!({ "type": "array", "maxItems": MAX_CLAIMS, "items": { "type": "string", "minLength": 1, "maxLength": MAX_CODE_LEN } }),
                    json!({ "type": "array", "items": { "$ref": "#/components/schemas/ClaimResult" } }),
                    true)
            },
            "/account/referralcodes": { "get": operation("The referral codes the caller holds",
                json!({ "type": "array", "items": code }), true) }
        },
        "schemas": {
            "ReferralCode": { "type": "object", "properties": {
                "id": { "type": "integer" }, "code": { "type": "string" },
                "created": { "type": "string", "format": "date-time" },
                "isApplied": { "type": "boolean" },
                "referralCodePantryLocations": { "type": "array", "items": { "type": "object", "properties": {
                    "pantryLocation": { "$ref": "#/components/schemas/PantryRef" } } } },
                "referralCodePantryLocationIds": { "type": "array", "items": { "type": "integer" } },
                "referralCodeFoodBanks": { "type": "array", "items": { "type": "object", "properties": {
                    "foodBank": { "$ref": "#/components/schemas/FoodBankRef" },
                    "isDeliveryEnabled": { "type": "boolean" } } } }
            } },
            "ClaimResult": { "type": "object", "properties": {
                "code": { "type": "string" }, "isAppliedSuccessfully": { "type": "boolean" } } },
            "PantryRef": { "type": "object", "properties": {
                "id": { "type": "integer" }, "label": { "type": "string" }, "foodBankID": { "type": "integer" },
                "foodBank": { "type": "object", "properties": { "id": { "type": "integer" }, "code": { "type": "string" },
                    "address": { "type": "object", "properties": { "province": { "type": "string" } } } } },
                "address": { "$ref": "#/components/schemas/PlaceAddress" },
                "addressID": { "type": "integer" }, "isRestricted": { "type": "boolean" },
                "pickupInstructions": { "type": "string", "nullable": true } } },
            "PlaceAddress": { "type": "object", "properties": {
                "addressLine1": { "type": "string" }, "addressLine2": { "type": "string", "nullable": true },
                "city": { "type": "string" }, "province": { "type": "string" }, "postalCode": { "type": "string" },
                "county": { "type": "object", "nullable": true, "properties": { "id": { "type": "integer" } } },
                "latitude": { "type": "number", "nullable": true }, "longitude": { "type": "number", "nullable": true } } },
            "FoodBankRef": { "type": "object", "properties": {
                "id": { "type": "integer" }, "code": { "type": "string" }, "name": { "type": "string" },
                "homePageUrl": { "type": "string", "nullable": true }, "isEnabled": { "type": "boolean" },
                "isTEFAPEnabled": { "type": "boolean" }, "isDeliveryEnabled": { "type": "boolean" },
                "address": { "type": "object", "properties": { "province": { "type": "string" }, "postalCode": { "type": "string" } } } } }
        }
    })
}

//! `GET`/`PUT /account/profile`.
use super::{NAME_MAX, field_error, too_long};
use crate::{api::PathParams, catalog::Lang};
use crate::{
    api::{ApiError, ApiResult, Body, auth::AuthUser, ok},
    db::repo::accounts::ProfileChanges,
    domain::{
        forms::{ProfileForm, ProfileMode, validate_profile},
        messages,
    },
    model::account::{Profile, ProfileUpdateBody},
    state::AppState,
};
use axum::{
    Router,
    extract::State,
    routing::{get, put},
};

/// Not in spec: the app only ever sends a language it offers.
pub const UNKNOWN_LANGUAGE: &str = "This language is not offered.";
use serde_json::{Value, json};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/account/profile", get(profile).put(update_profile))
        .route("/account/language/{language}", put(set_language))
}

/// The shopper's language, kept on the account so e-mails follow it (the device keeps its own).
async fn set_language(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(code): PathParams<String>,
) -> ApiResult<Value> {
    let Some(lang) = Lang::from_code(&code) else {
        return Err(ApiError::BadRequest(UNKNOWN_LANGUAGE.into()));
    };
    state.store.set_language(user.id, lang.code()).await?;
    ok(json!({ "language": lang.code() }))
}

async fn profile(State(state): State<AppState>, user: AuthUser) -> ApiResult<Profile> {
    ok(crate::service::accounts::profile(&state, user.id).await?)
}

async fn update_profile(
    State(state): State<AppState>,
    user: AuthUser,
    Body(body): Body<ProfileUpdateBody>,
) -> ApiResult<Profile> {
    let form = ProfileForm {
        first_name: body.first_name,
        last_name: body.last_name,
        e_mail_address: None,
        password: None,
        phone_number: body.phone_number,
        postal_code: body.postal_code,
        // Only the `Option`s below are saved; these placeholders are not read.
        is_email_notification_enabled: true,
        is_text_message_notification_enabled: true,
        is_phone_call_notification_enabled: true,
        is_eligible: true,
    };
    let mut errors = too_long(&[
        ("firstName", Some(form.first_name.trim()), NAME_MAX),
        ("lastName", Some(form.last_name.trim()), NAME_MAX),
    ]);
    let default_food_bank_id = body.default_food_bank.map(|b| b.id);
    if let Some(id) = default_food_bank_id
        && !state.store.food_bank_exists(id).await?
    {
        errors.push(field_error("defaultFoodBank", messages::INVALID_CHOICE));
    }
    let clean = match validate_profile(&form, ProfileMode::Update) {
        Ok(clean) if errors.is_empty() => clean,
        Ok(_) => return Err(ApiError::invalid(errors)),
        Err(mut e) => {
            e.extend(errors);
            return Err(ApiError::invalid(e));
        }
    };
    let changes = ProfileChanges {
        first_name: clean.first_name,
        last_name: clean.last_name,
        phone_number: clean.phone_number,
        postal_code: clean.postal_code,
        is_email_notification_enabled: body.is_email_notification_enabled,
        is_text_message_notification_enabled: body.is_text_message_notification_enabled,
        is_phone_call_notification_enabled: body.is_phone_call_notification_enabled,
        default_food_bank_id,
    };
    ok(state.store.update_profile(user.id, changes).await?.ok_or_else(|| ApiError::not_found("Profile"))?)
}

pub fn openapi() -> Value {
    use crate::api::openapi::{operation, operation_with_body};
    let profile = json!({ "$ref": "#/components/schemas/Profile" });
    let id_ref = json!({ "type": "object", "required": ["id"], "properties": { "id": { "type": "integer" } } });
    let ids = json!({ "type": "array", "items": { "type": "integer" } });
    let mut language_op = operation(
        "Remember the shopper's language (en, es) for what the server writes to them",
        json!({ "type": "object", "properties": { "language": { "type": "string" } } }),
        true,
    );
    language_op["parameters"] = json!([{ "name": "language", "in": "path", "required": true,
        "schema": { "type": "string", "enum": crate::catalog::LANGS.iter().map(|l| l.code()).collect::<Vec<_>>() } }]);
    json!({
        "paths": {
            "/account/profile": {
                "get": operation("The signed-in shopper's profile", profile.clone(), true),
                "put": operation_with_body("Edit the profile (not e-mail or password); answers the saved profile",
                    json!({ "$ref": "#/components/schemas/ProfileUpdate" }), profile, true)
            },
            "/account/language/{language}": {
                "put": language_op
            }
        },
        "schemas": {
            "Profile": { "type": "object", "properties": {
                "id": { "type": "integer" },
                "firstName": { "type": "string" },
                "lastName": { "type": "string" },
                "eMailAddress": { "type": "string" },
                "phoneNumber": { "type": "string", "nullable": true },
                "postalCode": { "type": "string", "nullable": true },
                "isEmailNotificationEnabled": { "type": "boolean" },
                "isTextMessageNotificationEnabled": { "type": "boolean" },
                "isPhoneCallNotificationEnabled": { "type": "boolean" },
                "defaultFoodBank": { "type": "object", "nullable": true, "properties": {
                    "id": { "type": "integer" }, "code": { "type": "string" }, "name": { "type": "string" },
                    "isEnabled": { "type": "boolean" }, "isTEFAPEnabled": { "type": "boolean" },
                    "isDeliveryEnabled": { "type": "boolean" } } },
                "foodBankIdsWithDeliveryEnabled": ids.clone(),
                "explicitlyAuthorizedLocationIDs": ids,
                "isTefapSurveyAnswered": { "type": "boolean" },
                "language": { "type": "string", "nullable": true },
                "tefapEligibilities": { "type": "array", "items": { "type": "object", "properties": {
                    "id": { "type": "integer" },
                    "uniqueId": { "type": "string", "nullable": true },
                    "province": { "type": "object", "nullable": true, "properties": { "abbreviation": { "type": "string" } } },
                    "foodBank": { "type": "object", "nullable": true, "properties": { "id": { "type": "integer" } } },
                    "county": { "type": "object", "nullable": true, "properties": { "id": { "type": "integer" } } },
                    "postalCode": { "type": "object", "nullable": true, "properties": { "code": { "type": "string" } } } } } },
                "foodInsecureNeighborAddresses": { "type": "array", "items": { "$ref": "#/components/schemas/SavedAddress" } }
            } },
            "ProfileUpdate": { "type": "object", "required": ["firstName", "lastName", "phoneNumber"], "properties": {
                "firstName": { "type": "string", "maxLength": NAME_MAX },
                "lastName": { "type": "string", "maxLength": NAME_MAX },
                "phoneNumber": { "type": "string", "pattern": "^\\(\\d{3}\\) \\d{3}-\\d{4}$" },
                "postalCode": { "type": "string", "pattern": "^\\d{5}$", "nullable": true,
                    "description": "Omitted or null: cleared. A new ZIP moves the default food bank to the one serving it" },
                "isEmailNotificationEnabled": { "type": "boolean", "description": "Omitted: unchanged" },
                "isTextMessageNotificationEnabled": { "type": "boolean", "description": "Omitted: unchanged" },
                "isPhoneCallNotificationEnabled": { "type": "boolean", "description": "Omitted: unchanged" },
                "defaultFoodBank": id_ref
            } }
        }
    })
}

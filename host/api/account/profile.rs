//! `GET`/`PUT /account/profile`.
use crate::{api::PathParams, catalog::Lang};
use crate::{
    api::{ApiError, ApiResult, Body, ok},
    db::repo::accounts::ProfileChanges,
    domain::forms::{FieldError, ProfileEdit, validate_profile_edit},
    infra::auth::AuthUser,
    model::account::{LanguageChoice, Profile, ProfileUpdateBody},
    service::accounts,
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

/// Not in spec: the app only ever sends a language it offers.
pub const UNKNOWN_LANGUAGE: &str = "This language is not offered.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(profile, update_profile)).routes(routes!(set_language))
}

/// The shopper's language, kept on the account so e-mails follow it (the device keeps its own).
#[utoipa::path(
    put, path = "/account/language/{language}",
    summary = "Remember the shopper's language (en, es) for what the server writes to them",
    params(("language" = inline(crate::api::params::Language), Path)),
    security(("bearer" = [])),
    responses((status = 200, description = "successful", body = LanguageChoice))
)]
async fn set_language(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(code): PathParams<String>,
) -> ApiResult<LanguageChoice> {
    let Some(lang) = Lang::from_code(&code) else {
        return Err(ApiError::BadRequest(UNKNOWN_LANGUAGE.into()));
    };
    accounts::set_language(&state, user.id, lang).await?;
    ok(LanguageChoice { language: lang.code().to_owned() })
}

#[utoipa::path(
    get, path = "/account/profile",
    summary = "The signed-in shopper's profile",
    security(("bearer" = [])),
    responses((status = 200, description = "successful", body = Profile))
)]
async fn profile(State(state): State<AppState>, user: AuthUser) -> ApiResult<Profile> {
    ok(accounts::profile(&state, user.id).await?)
}

#[utoipa::path(
    put, path = "/account/profile",
    request_body = ProfileUpdateBody,
    summary = "Edit the profile (not e-mail or password); answers the saved profile",
    security(("bearer" = [])),
    responses((status = 200, description = "successful", body = Profile))
)]
async fn update_profile(
    State(state): State<AppState>,
    user: AuthUser,
    Body(body): Body<ProfileUpdateBody>,
) -> ApiResult<Profile> {
    let form = ProfileEdit {
        first_name: body.first_name,
        last_name: body.last_name,
        phone_number: body.phone_number,
        postal_code: body.postal_code,
    };
    let mut errors = Vec::new();
    let default_food_bank_id = body.default_food_bank.map(|b| b.id);
    if let Some(id) = default_food_bank_id
        && !accounts::food_bank_exists(&state, id).await?
    {
        errors.push(FieldError::choice("defaultFoodBank"));
    }
    let clean = match validate_profile_edit(&form) {
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
    ok(accounts::update_profile(&state, user.id, changes).await?)
}

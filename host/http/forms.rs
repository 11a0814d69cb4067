//! Forms posted to a page's own URL, so every form works before (and without) JavaScript: the
//! page's action (`pages::Page::action`) runs the same checks and services as the API call the
//! hydrated app makes, then the browser is sent on with a 303 (post/redirect/get), or the page is
//! rendered again with the refusal at its fields and the typed values kept.
//!
//! Before any action runs: the body must be a small `application/x-www-form-urlencoded` one, sent
//! from this site (`csrf::same_origin`) with the browser's form token (`csrf::valid`). What fails
//! there is the page again with a 4xx and the reason, never a 5xx.
use super::{
    csrf,
    pages::{self, Posted, Refused},
};
use crate::{
    api::{
        ApiError,
        session_cookie::{self, SessionCookie},
    },
    catalog::{Lang, query_lang},
    domain::messages,
    pages::{Acted, ActionCtx, FormFields, INTENT, SessionChange},
    state::AppState,
};
use axum::{
    body::Body,
    http::{HeaderValue, StatusCode, header, request::Parts},
    response::{IntoResponse, Response},
};
use serde_json::{Map, Value, json};

/// The largest form body: the registration form is well under 2 KB.
pub const MAX_FORM_BYTES: usize = 16 * 1024;

pub async fn post(
    state: &AppState,
    nonce: &str,
    cookie: SessionCookie,
    ip: String,
    parts: Parts,
    body: Body,
) -> Response {
    let client = ip.clone();
    let url = parts.uri.path_and_query().map(|pq| pq.as_str()).unwrap_or("/").to_owned();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let (page, params) = crate::pages::table().resolve(path);
    let Some(action) = page.action else {
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, HEAD")]).into_response();
    };
    let headers = &parts.headers;
    let lang = Lang::negotiate(query_lang(&url), headers).for_page(&url);
    let refuse = |status: StatusCode, error: ApiError, intent: Option<&str>, values: Map<String, Value>| {
        // With the API's own status, which the app's form reads as it reads the API's answer.
        let (api_status, mut failure) = error.into_envelope();
        failure["status"] = api_status.as_u16().into();
        let action = json!({ "intent": intent, "failure": failure, "values": values });
        pages::answer(state, nonce, cookie, &client, &url, headers, lang, Posted::Refused(Refused { status, action }))
    };
    let fields = match read(headers, body).await {
        Ok(fields) => fields,
        Err((status, error)) => return refuse(status, error, None, Map::new()).await,
    };
    // Checked before the token: a cross-site post is told so even when it forged nothing else.
    if !csrf::same_origin(state, headers) {
        tracing::warn!(event = "cross_site_form", path, "security event");
        let error = ApiError::Forbidden((&messages::CROSS_SITE_FORM).into());
        return refuse(StatusCode::FORBIDDEN, error, None, Map::new()).await;
    }
    let intent = Some(fields.text(INTENT)).filter(|i| !i.is_empty()).map(str::to_owned);
    if !csrf::valid(state, headers, fields.text(csrf::FIELD)) {
        let error = ApiError::Forbidden((&messages::FORM_EXPIRED).into());
        return refuse(StatusCode::FORBIDDEN, error, intent.as_deref(), Map::new()).await;
    }
    let shopper = pages::session(state, &url, headers).await.shopper;
    let query = serde_urlencoded::from_str(query).unwrap_or_default();
    let ctx = ActionCtx {
        state: state.clone(),
        lang,
        params,
        query,
        shopper,
        ip,
        session_token: session_cookie::token(headers).map(str::to_owned),
        device: session_cookie::device_token(headers).map(str::to_owned),
        agent: headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).map(str::to_owned),
        form: fields,
    };
    match action(ctx).await {
        Acted::Redirect { to, session } => redirect(state, &to, session, cookie),
        Acted::Refused { error, values } => {
            let error = ApiError::from(error);
            let status = match &error {
                ApiError::Internal(_) => StatusCode::SERVICE_UNAVAILABLE,
                ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            let values = values.into_iter().map(|(name, value)| (name.to_owned(), Value::String(value))).collect();
            refuse(status, error, intent.as_deref(), values).await
        }
        Acted::Show { fields } => {
            let shown = fields.into_iter().map(|(name, value)| (name.to_owned(), value)).collect();
            pages::answer(state, nonce, cookie, &client, &url, headers, lang, Posted::Shown(shown)).await
        }
    }
}

/// The posted fields, or why the body cannot be a form of ours.
async fn read(headers: &axum::http::HeaderMap, body: Body) -> Result<FormFields, (StatusCode, ApiError)> {
    let form_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/x-www-form-urlencoded"));
    if !form_type {
        let error = ApiError::UnsupportedMediaType("Send the form as application/x-www-form-urlencoded.".into());
        return Err((StatusCode::UNSUPPORTED_MEDIA_TYPE, error));
    }
    let Ok(bytes) = axum::body::to_bytes(body, MAX_FORM_BYTES).await else {
        return Err((StatusCode::PAYLOAD_TOO_LARGE, ApiError::PayloadTooLarge("The form is too large.".into())));
    };
    let malformed = || (StatusCode::BAD_REQUEST, ApiError::BadRequest("The form could not be read.".into()));
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&bytes).map_err(|_| malformed())?;
    // PostgreSQL stores no NUL; the API refuses it the same way (`api::extract`).
    if pairs.iter().any(|(k, v)| k.contains('\0') || v.contains('\0')) {
        return Err(malformed());
    }
    Ok(FormFields::new(pairs))
}

/// The app's copy of a session changed by a form (`state/session.ts`, read once at its start):
/// signed in before the app ran, it would otherwise know nothing of the cookie's session, and its
/// API calls carry only the bearer token. Readable by scripts, as the app's stored token already
/// is; short-lived and deleted once read. "out" says a form signed out.
pub const HANDOFF_COOKIE: &str = "oa_handoff";
const HANDOFF_SECS: u64 = 600;

fn handoff(value: &str, cookie: SessionCookie) -> Option<HeaderValue> {
    let secure = if cookie.secure() { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{HANDOFF_COOKIE}={value}; Path=/; Max-Age={HANDOFF_SECS}; SameSite=Strict{secure}"))
        .ok()
}

/// 303 to a path of this site (an action only names its own, but a `returnTo` came from a URL).
fn redirect(state: &AppState, to: &str, session: SessionChange, cookie: SessionCookie) -> Response {
    let to = if to.starts_with('/') && !to.starts_with("//") && !to.starts_with("/\\") { to } else { "/" };
    let location = HeaderValue::from_str(to).unwrap_or(HeaderValue::from_static("/"));
    let mut res = (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    match session {
        SessionChange::Keep => {}
        SessionChange::Set(session) => {
            let (headers, _) = cookie.set(&session.token, ());
            for (name, value) in headers {
                res.headers_mut().append(name, value);
            }
            // As the API's sign-in: this device's later guesses count on their own.
            match state.tokens.issue_device(&session.email) {
                Ok(device) => {
                    res.headers_mut().append(header::SET_COOKIE, cookie.device(&device));
                }
                Err(error) => tracing::warn!(%error, "device cookie not issued"),
            }
            res.headers_mut().extend(handoff(&session.token, cookie).map(|v| (header::SET_COOKIE, v)));
        }
        SessionChange::Clear => {
            res.headers_mut().append(header::SET_COOKIE, cookie.clearing());
            res.headers_mut().extend(handoff("out", cookie).map(|v| (header::SET_COOKIE, v)));
        }
    }
    res
}

//! Signing in (`POST /account/login`), signing up (`POST /account`) and signing out
//! (`POST /account/logout`). The two that issue a session token (`service::sessions`) also set the
//! session cookie (`api::session_cookie`), which signing out clears.
use crate::{
    api::{
        Api, ApiError, Body,
        session_cookie::{self, SessionCookie, WithCookie},
    },
    catalog::Lang,
    infra::{auth, ratelimit::ClientIp},
    model::account::{LoginBody, Registered, RegistrationBody},
    service::{
        accounts,
        sessions::{Client, SignUp, log_in, sign_up},
    },
    state::AppState,
};
use axum::{
    extract::State,
    http::{HeaderMap, HeaderName, HeaderValue, header},
    response::{AppendHeaders, IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

/// A sign-in's answer: `T` with the session cookie and the device cookie set.
type SignedIn<T> = (AppendHeaders<[(HeaderName, HeaderValue); 2]>, Api<T>);

/// `value` answered with the session cookie carrying `token` and a device cookie for `email`
/// (lowercase), which exempts this device from the account's allowance of login guesses.
fn signed_in<T>(
    state: &AppState,
    cookie: SessionCookie,
    token: &str,
    email: &str,
    value: T,
) -> Result<SignedIn<T>, ApiError> {
    let device = cookie.device(&state.tokens.issue_device(email)?);
    let ([session], body) = cookie.set(token, value);
    Ok((AppendHeaders([session, (header::SET_COOKIE, device)]), body))
}

/// The request's User-Agent, which names a new session's device in the account's list.
fn user_agent(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(register)).routes(routes!(logout))
}

#[utoipa::path(
    post, path = "/account/login",
    request_body = LoginBody,
    summary = "Log in; the value is the session token. Wrong e-mail or password: 401; too many failures: 429",
    security(()),
    responses((status = 200, description = "successful", body = String))
)]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    cookie: SessionCookie,
    headers: HeaderMap,
    Body(body): Body<LoginBody>,
) -> Result<SignedIn<String>, ApiError> {
    let client = Client { ip: &ip, device: session_cookie::device_token(&headers), agent: user_agent(&headers) };
    let session = log_in(&state, client, body).await?;
    signed_in(&state, cookie, &session.token, &session.email, session.token.clone())
}

#[utoipa::path(
    post, path = "/account",
    request_body = RegistrationBody,
    summary = "Register; the value holds the session token. An e-mail that has an account: no token and mailSent (its owner is mailed); a short (under 8 characters) or common password: 400; too many sign-ups from one address: 429",
    security(()),
    responses((status = 200, description = "successful", body = Registered))
)]
async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    cookie: SessionCookie,
    lang: Lang,
    headers: HeaderMap,
    Body(body): Body<RegistrationBody>,
) -> Result<Response, ApiError> {
    let client = Client { ip: &ip, device: None, agent: user_agent(&headers) };
    Ok(match sign_up(&state, client, lang, body).await? {
        SignUp::Opened(session) => {
            let value = Registered { jwt: Some(session.token.clone()), mail_sent: false };
            signed_in(&state, cookie, &session.token, &session.email, value)?.into_response()
        }
        SignUp::MailSent => Api(Registered { jwt: None, mail_sent: true }).into_response(),
    })
}

/// Ends the session of the bearer token and the one of the session cookie (usually the same) on
/// every host, and drops the cookie; the app forgets its own copy of the token. Needs no valid
/// token: a shopper whose token was refused (401) must still be able to drop the cookie.
#[utoipa::path(
    post, path = "/account/logout",
    summary = "Sign out: ends the session of the bearer token and of the session cookie (both refused from then on, on every host) and clears the cookie",
    security(()),
    responses((status = 200, description = "successful", body = bool))
)]
async fn logout(
    State(state): State<AppState>,
    cookie: SessionCookie,
    headers: HeaderMap,
) -> Result<WithCookie<bool>, ApiError> {
    for token in [auth::bearer_token(&headers), session_cookie::token(&headers)].into_iter().flatten() {
        accounts::sign_out(&state, token).await?;
    }
    Ok(cookie.clear(true))
}

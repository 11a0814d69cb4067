//! The short answers of the routes beside the pages and the API (downloads, uploads, stored files):
//! one line from the catalog in the asker's language, never cached; the staff member a file is
//! made for, or the answer to give when the session names none; and a CSV file as an attachment.
//! One place, so a 401, 403 or 503 reads the same on every such route and in both languages.
use crate::{
    api::session_cookie,
    catalog::Lang,
    domain::{Id, staff::Needs},
    infra::auth,
    service::{
        Error,
        staff::{Staff, Who, caller::Refusal},
    },
    state::AppState,
};
use axum::{
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};

/// What such a route answers instead of its file or redirect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Say {
    /// The staff guard's answer (signed out, without the grant, grants unread).
    Refused(Refusal),
    NotFound,
    TryAgain,
    CrossSite,
    FormExpired,
    NotMultipart,
    BadMonth,
    BadTimes,
}

impl Say {
    fn status_and_key(self) -> (StatusCode, &'static str) {
        match self {
            Say::Refused(refusal) => (refusal_status(refusal), refusal.text_key()),
            Say::NotFound => (StatusCode::NOT_FOUND, "notFound.title"),
            Say::TryAgain => (StatusCode::SERVICE_UNAVAILABLE, "refusal.unavailable"),
            Say::CrossSite => (StatusCode::FORBIDDEN, "refusal.crossSiteForm"),
            Say::FormExpired => (StatusCode::FORBIDDEN, "refusal.formExpired"),
            Say::NotMultipart => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "staff.notMultipart"),
            Say::BadMonth => (StatusCode::BAD_REQUEST, "staff.reports.badMonth"),
            Say::BadTimes => (StatusCode::BAD_REQUEST, "staff.pick.invalidRange"),
        }
    }
}

/// The status of a staff guard's refusal, on every side that answers one.
fn refusal_status(refusal: Refusal) -> StatusCode {
    match refusal {
        Refusal::SignIn => StatusCode::UNAUTHORIZED,
        Refusal::Needs(_) | Refusal::SecondFactor => StatusCode::FORBIDDEN,
        Refusal::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// `what` as plain text in `lang`, `private, no-store`.
pub(super) fn say(state: &AppState, lang: Lang, what: Say) -> Response {
    let (status, key) = what.status_and_key();
    plain_text(status, state.catalog.text(lang, key).to_owned())
}

pub(super) fn plain_text(status: StatusCode, text: String) -> Response {
    let mut res = (status, text).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    res
}

/// The account the session cookie names; else the answer to give.
pub(super) async fn signed_in(state: &AppState, headers: &HeaderMap, lang: Lang) -> Result<Id, Response> {
    let signed_out = || say(state, lang, Say::Refused(Refusal::SignIn));
    let Some(token) = session_cookie::token(headers) else { return Err(signed_out()) };
    match auth::user_of(&state.tokens, &state.store, state.clock.now(), token).await {
        Ok(Ok(id)) => Ok(id),
        Ok(Err(_)) => Err(signed_out()),
        Err(error) => {
            tracing::warn!(%error, "session not checked");
            Err(say(state, lang, Say::TryAgain))
        }
    }
}

/// The session's account as staff with `R`'s access, by the staff sides' one guard; else its
/// refusal in a line: 401 signed out, 403 without such a grant, 503 when the grants were not read.
pub(super) async fn staff_for<R: Needs>(
    state: &AppState,
    headers: &HeaderMap,
    lang: Lang,
) -> Result<Staff<R>, Response> {
    let user = signed_in(state, headers, lang).await?;
    let session = session_cookie::token(headers).and_then(|t| state.tokens.verify(t)).map(|c| c.sid);
    let who = Who { user_id: user, session: session.as_deref() };
    Staff::<R>::admit(state, Some(who)).await.map_err(|refusal| say(state, lang, Say::Refused(refusal)))
}

/// The answer to a service error that has no better one where it happened: NotFound is 404 (another
/// pantry's things are not found either), anything else is logged as `what` and 503.
pub(super) fn failed(state: &AppState, lang: Lang, error: Error, what: &str) -> Response {
    match error {
        Error::NotFound(_) => say(state, lang, Say::NotFound),
        error => {
            tracing::error!(%error, "{what}");
            say(state, lang, Say::TryAgain)
        }
    }
}

/// `body` as the CSV attachment `name`, personal (never cached).
pub(super) fn csv_file(name: &str, body: Vec<u8>) -> Response {
    attachment(name, "text/csv; charset=utf-8", body)
}

/// A personal file to keep, named `name`: never cached.
pub(super) fn attachment(name: &str, content_type: &'static str, body: Vec<u8>) -> Response {
    let mut res = (StatusCode::OK, body).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    res
}

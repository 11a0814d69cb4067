//! Stored files (`/files/{sha256}.{ext}`, from the file store `infra::files`): a name is the hash
//! of its bytes, so it is cached by anyone for a year as immutable, with the hash as its ETag
//! (304 to a matching If-None-Match). And the photo forms of the items page
//! (`POST /staff/items/{id}/photo`) and the pantries page (`POST /staff/pantries-admin/{id}/photo`),
//! multipart with the form token, which work without JavaScript: each answers a 303 back to the
//! item's or pantry's form, saying what came of it.
use super::{
    answers::{Say, failed, say, staff_for},
    csrf,
};
use crate::{
    api::staff::items::{PHOTO_BODY_BYTES, photo_bytes},
    catalog::Lang,
    domain::{
        Id,
        staff::{FoodBankAdmin, Needs, PantryStaff},
    },
    infra::files::FileName,
    service::{Error, staff::Staff, staff::items, staff::pantries},
    state::AppState,
};
use axum::{
    Router,
    extract::{DefaultBodyLimit, Multipart, Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/files/{name}", get(file))
        .route("/staff/items/{id}/photo", post(item_photo_form).layer(DefaultBodyLimit::max(PHOTO_BODY_BYTES)))
        .route(
            "/staff/pantries-admin/{id}/photo",
            post(pantry_photo_form).layer(DefaultBodyLimit::max(PHOTO_BODY_BYTES)),
        )
}

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

async fn file(State(state): State<AppState>, Path(name): Path<String>, lang: Lang, headers: HeaderMap) -> Response {
    let Some(name) = FileName::parse(&name) else { return say(&state, lang, Say::NotFound) };
    let etag = format!("\"{}\"", name.sha256);
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let bytes = match state.files.get(&name).await {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return say(&state, lang, Say::NotFound),
        Err(error) => return failed(&state, lang, error.into(), "file not read"),
    };
    let mut res =
        if matches { StatusCode::NOT_MODIFIED.into_response() } else { (StatusCode::OK, bytes).into_response() };
    let h = res.headers_mut();
    if !matches {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(name.content_type()));
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    res
}

/// The photo form's parts other than the photo, read before it (the form puts them first).
struct FormHead {
    csrf: String,
    pantry: Option<Id>,
}

/// A photo form's post, checked: same origin, multipart, the form token, then the staff member
/// with the access `R` needs. Its head, the photo's bytes (or the refusal of them) and the staff
/// member, or the answer to give instead.
async fn read_photo_form<R: Needs>(
    state: &AppState,
    headers: &HeaderMap,
    lang: Lang,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(FormHead, Result<Vec<u8>, Error>, Staff<R>), Response> {
    if !csrf::same_origin(state, headers) {
        tracing::warn!(event = "cross_site_form", path = "photo form", "security event");
        return Err(say(state, lang, Say::CrossSite));
    }
    let Ok(mut form) = form else { return Err(say(state, lang, Say::NotMultipart)) };
    let mut head = FormHead { csrf: String::new(), pantry: None };
    // The token and the pantry come first (the page's form puts them there), then the photo.
    let upload = loop {
        match form.next_field().await {
            Ok(Some(field)) if field.name() == Some("photo") => break photo_bytes(field).await,
            Ok(Some(field)) => {
                let name = field.name().unwrap_or_default().to_owned();
                let value = field.text().await.unwrap_or_default();
                match name.as_str() {
                    "csrf" => head.csrf = value,
                    "pantry" => head.pantry = crate::pages::shared::row_id(&value),
                    _ => {}
                }
            }
            Ok(None) => break Err(Error::Invalid((&crate::domain::messages::PHOTO_MISSING).into())),
            Err(_) => break Err(Error::Invalid((&crate::domain::messages::PHOTO_UNREADABLE).into())),
        }
    };
    if !csrf::valid(state, headers, &head.csrf) {
        return Err(say(state, lang, Say::FormExpired));
    }
    let staff = staff_for::<R>(state, headers, lang).await?;
    Ok((head, upload, staff))
}

/// The 303 back to the form's page (`back` has a query already), saying what came of the photo.
fn photo_answer(state: &AppState, lang: Lang, back: &str, outcome: Result<(), Error>) -> Response {
    let to = match outcome {
        Ok(()) => format!("{back}&photo=saved"),
        Err(Error::Invalid(reason) | Error::Conflict(reason)) => {
            format!("{back}&photoError={}", reason.refusal().map_or("photoUnreadable", |r| r.code()))
        }
        // Other photos were being decoded: the form says to try again in a moment.
        Err(Error::Busy) => format!("{back}&photoError={}", crate::domain::messages::SERVER_BUSY.code),
        Err(error) => return failed(state, lang, error, "photo not saved"),
    };
    let mut res = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(&to) {
        res.headers_mut().insert(header::LOCATION, v);
    }
    res
}

/// An item's photo (pantry staff and admins), back to the item on the items page.
async fn item_photo_form(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    lang: Lang,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Response {
    let Some(id) = crate::pages::shared::row_id(&id) else { return say(&state, lang, Say::NotFound) };
    let (head, upload, staff) = match read_photo_form::<PantryStaff>(&state, &headers, lang, form).await {
        Ok(read) => read,
        Err(res) => return res,
    };
    let outcome = match upload {
        Ok(bytes) => items::photo(&state, &staff, id, bytes).await.map(|_| ()),
        Err(error) => Err(error),
    };
    let back = match head.pantry {
        Some(p) => format!("/staff/items?pantry={p}&edit={id}"),
        None => format!("/staff/items?edit={id}"),
    };
    photo_answer(&state, lang, &back, outcome)
}

/// A pantry's photo (food bank admins), back to the pantry's form on the pantries page.
async fn pantry_photo_form(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    lang: Lang,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Response {
    let Some(id) = crate::pages::shared::row_id(&id) else { return say(&state, lang, Say::NotFound) };
    let (_, upload, admin) = match read_photo_form::<FoodBankAdmin>(&state, &headers, lang, form).await {
        Ok(read) => read,
        Err(res) => return res,
    };
    let outcome = match upload {
        Ok(bytes) => pantries::photo(&state, &admin, id, bytes).await.map(|_| ()),
        Err(error) => Err(error),
    };
    photo_answer(&state, lang, &format!("/staff/pantries-admin?edit={id}"), outcome)
}

//! Files posted from a page: the stock import's CSV (`POST /staff/stock/import`, multipart with the
//! form token, the pantry and the file, or its text in `csv` from the page's text box). Checked as
//! every form posted to a page is (same origin, the form token, the session cookie, the grant),
//! kept for its preview, then 303 to the preview page (`/staff/stock/import/{token}`); a file over
//! 5 MB or not a CSV of items is 303 back to the stock page, which says why.
use super::{
    answers::{Say, failed, say, staff_for},
    csrf,
};
use crate::{
    catalog::Lang,
    domain::{Id, staff::PantryStaff},
    service::{Error, stock},
    state::AppState,
};
use axum::{
    Router,
    extract::{DefaultBodyLimit, Multipart, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::post,
};

pub fn router() -> Router<AppState> {
    // Room for the file and the form's few small fields; a larger body reads as too large.
    Router::new()
        .route("/staff/stock/import", post(stock_import))
        .layer(DefaultBodyLimit::max(stock::MAX_IMPORT_BYTES + 64 * 1024))
}

fn see_other(to: &str) -> Response {
    let location = HeaderValue::from_str(to).unwrap_or(HeaderValue::from_static("/staff/stock"));
    (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
}

/// The posted form: its token, pantry and file (or pasted text); `Err` with the refusal code when
/// the body is too large to be read.
struct Posted {
    csrf: String,
    pantry: Option<Id>,
    file: Vec<u8>,
}

async fn read(mut form: Multipart) -> Result<Posted, &'static str> {
    let mut posted = Posted { csrf: String::new(), pantry: None, file: Vec::new() };
    loop {
        let field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => return Ok(posted),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err("importTooLarge"),
            Err(_) => return Err("importNotCsv"),
        };
        let name = field.name().unwrap_or_default().to_owned();
        let bytes = match field.bytes().await {
            Ok(bytes) => bytes,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err("importTooLarge"),
            Err(_) => return Err("importNotCsv"),
        };
        match name.as_str() {
            "csrf" => posted.csrf = String::from_utf8_lossy(&bytes).into_owned(),
            "pantry" => posted.pantry = crate::pages::shared::row_id(String::from_utf8_lossy(&bytes).trim()),
            // The file wins over the text box when both came.
            "file" if !bytes.is_empty() => posted.file = bytes.to_vec(),
            "csv" if posted.file.is_empty() => posted.file = bytes.to_vec(),
            _ => {}
        }
    }
}

async fn stock_import(
    State(state): State<AppState>,
    headers: HeaderMap,
    lang: Lang,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Response {
    if !csrf::same_origin(&state, &headers) {
        tracing::warn!(event = "cross_site_form", path = "/staff/stock/import", "security event");
        return say(&state, lang, Say::CrossSite);
    }
    let staff = match staff_for::<PantryStaff>(&state, &headers, lang).await {
        Ok(staff) => staff,
        Err(res) => return res,
    };
    let Ok(form) = form else { return see_other("/staff/stock?uploadRefused=importNotCsv") };
    let posted = match read(form).await {
        Ok(posted) => posted,
        Err(code) => return see_other(&format!("/staff/stock?uploadRefused={code}")),
    };
    if !csrf::valid(&state, &headers, &posted.csrf) {
        return say(&state, lang, Say::FormExpired);
    }
    let Some(pantry) = posted.pantry else { return say(&state, lang, Say::NotFound) };
    let back = |code: &str| see_other(&format!("/staff/stock?pantry={pantry}&uploadRefused={code}"));
    match stock::upload(&state, &staff, pantry, &posted.file).await {
        Ok(preview) => see_other(&format!("/staff/stock/import/{}", preview.token)),
        Err(Error::Refused { refusal, .. }) => back(refusal.code()),
        Err(error) => failed(&state, lang, error, "stock import not kept"),
    }
}

//! Server-rendered pages and the JSON that client-side navigation asks for.
use super::timing::Stages;
use super::{assets, csrf, security::Nonce, seo};
use crate::{
    api::session_cookie::{self, SessionCookie},
    catalog::{LANG_COOKIE, Lang, query_lang},
    infra::{auth, ratelimit::ClientIp},
    pages::{self, LoadCtx, Loaded, Shopper},
    render::{CacheKey, CachedPage, Document, escape_json_for_html},
    state::AppState,
};
use askama::Template;
use axum::{
    Json,
    extract::{Query, State},
    http::{HeaderMap, HeaderValue, Method, StatusCode, header, request::Parts},
    response::{Html, IntoResponse, Response},
};
use serde_json::{Value, json};
use std::{collections::HashMap, sync::Arc};

const THEME_COLOR: &str = "#2e6b30";

/// A GET or HEAD of anything but the API and `/_data`: a static file, else a page.
pub(super) async fn page_or_file(
    state: AppState,
    nonce: Nonce,
    cookie: SessionCookie,
    ip: String,
    parts: Parts,
) -> Response {
    if parts.method != Method::GET && parts.method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, HEAD")]).into_response();
    }
    if let Some(file) = assets::file(parts.uri.path()) {
        return file;
    }
    let url = parts.uri.path_and_query().map(|pq| pq.as_str()).unwrap_or("/").to_owned();
    let chosen = query_lang(&url).and_then(Lang::from_code);
    let lang = Lang::negotiate(chosen.map(Lang::code), &parts.headers).for_page(&url);
    let mut res = answer(&state, &nonce.0, cookie, &ip, &url, &parts.headers, lang, Posted::Nothing).await;
    if let Some(lang) = chosen {
        // A page asked for in a language (the switch, a shared link) keeps the visit in it.
        let cookie = format!("{LANG_COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax", lang.code());
        if let Ok(value) = HeaderValue::from_str(&cookie) {
            res.headers_mut().append(header::SET_COOKIE, value);
        }
    }
    res
}

/// What a form post brings to the page it answers with (`forms`).
pub(super) enum Posted {
    Nothing,
    Refused(Refused),
    /// Fields for the loader to show (`Acted::Show`).
    Shown(HashMap<String, String>),
}

/// A page after a form post was refused (`forms`): what the refusal says for its form.
pub(super) struct Refused {
    pub status: StatusCode,
    pub action: Value,
}

/// The page at `url` for this request's session, with its forms' CSRF token; after a refused
/// post, with the refusal and that status.
#[allow(clippy::too_many_arguments)]
pub(super) async fn answer(
    state: &AppState,
    nonce: &str,
    cookie: SessionCookie,
    client: &str,
    url: &str,
    headers: &HeaderMap,
    lang: Lang,
    posted: Posted,
) -> Response {
    let mut stages = Stages::default();
    let session = stages.time("session", session(state, url, headers)).await;
    let (csrf, new_csrf_cookie) = forms_token(state, url, headers, cookie);
    let (refused, shown) = match posted {
        Posted::Nothing => (None, HashMap::new()),
        Posted::Refused(refused) => (Some(refused), HashMap::new()),
        Posted::Shown(shown) => (None, shown),
    };
    let forms = Forms { csrf, refused, shown };
    // Diagnostics only (the render bench's uncached pages): with Server-Timing on, a request
    // marked `Cache-Control: no-cache` is rendered afresh. Off, no client can make the host render.
    let fresh = state.config.server_timing
        && headers.get(header::CACHE_CONTROL).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("no-cache"));
    let res = page(state, url, lang, nonce, session.shopper.clone(), client, &forms, fresh, &mut stages).await;
    let mut res = stages.time("compress", compressed(res, headers)).await;
    session.finish(&mut res, cookie);
    if let Some(set) = new_csrf_cookie {
        res.headers_mut().append(header::SET_COOKIE, set);
    }
    if state.config.server_timing
        && let Some(timing) = stages.header()
    {
        res.headers_mut().insert("server-timing", timing);
    }
    res
}

/// The document compressed here rather than by the router's `CompressionLayer` (the same layer,
/// so the same negotiation, encoders and levels), so that its time is a stage of the page: the
/// router's layer leaves an answer that already has a `Content-Encoding` alone.
async fn compressed(res: Response, headers: &HeaderMap) -> Response {
    use tower::ServiceExt;
    let mut request = axum::http::Request::new(());
    if let Some(accept) = headers.get(header::ACCEPT_ENCODING) {
        request.headers_mut().insert(header::ACCEPT_ENCODING, accept.clone());
    }
    let mut res = Some(res);
    let answer = tower::service_fn(move |_: axum::http::Request<()>| {
        let res = res.take();
        async move { res.ok_or(()) }
    });
    let Ok(res) = tower_http::compression::Compression::new(answer).oneshot(request).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let (parts, body) = res.into_parts();
    if !parts.headers.contains_key(header::CONTENT_ENCODING) {
        return Response::from_parts(parts, axum::body::Body::new(body));
    }
    // The whole document is in memory already: encoding it here is the stage's work.
    match axum::body::to_bytes(axum::body::Body::new(body), usize::MAX).await {
        Ok(bytes) => Response::from_parts(parts, axum::body::Body::from(bytes)),
        Err(error) => {
            tracing::error!(%error, "page compression failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// What a page's forms carry in its payload: the CSRF token (pages that are never cached only,
/// since it is per browser) and, after a refused post, the refusal.
#[derive(Default)]
struct Forms {
    csrf: Option<String>,
    refused: Option<Refused>,
    /// What the loader shows of a post (`Posted::Shown`).
    shown: HashMap<String, String>,
}

fn forms_token(
    state: &AppState,
    url: &str,
    headers: &HeaderMap,
    cookie: SessionCookie,
) -> (Option<String>, Option<HeaderValue>) {
    let path = url.split_once('?').map_or(url, |(p, _)| p);
    if pages::table().resolve(path).0.public {
        return (None, None);
    }
    csrf::token(state, headers, cookie)
}

/// `GET /_data?url=/some/page?x=1`: the page's route id and loader data.
pub async fn data(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    cookie: SessionCookie,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let Some(url) = q.get("url").filter(|u| u.starts_with('/') && !u.starts_with("//")) else {
        return (StatusCode::BAD_REQUEST, Json(json!({ "successful": false, "failureReason": "url must be a path" })))
            .into_response();
    };
    let lang = Lang::negotiate(query_lang(url), &headers).for_page(url);
    let session = session(&state, url, &headers).await;
    let (route, loaded) = load(&state, url, lang, session.shopper.clone(), &client, HashMap::new()).await;
    let (csrf, new_csrf_cookie) = forms_token(&state, url, &headers, cookie);
    let forms = Forms { csrf, ..Forms::default() };
    let mut res = (loaded.status, payload(&state, route, &loaded, url, lang, &forms)).into_response();
    res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    session.finish(&mut res, cookie);
    if let Some(set) = new_csrf_cookie {
        res.headers_mut().append(header::SET_COOKIE, set);
    }
    res
}

/// `GET /_texts?ns=refusal[&lang=es]`: a catalog namespace in the language, for a chunk that loads
/// after its page and shows texts the page's payload leaves out (app `fetchTexts`). The texts
/// change with a deploy only.
pub async fn texts(State(state): State<AppState>, lang: Lang, Query(q): Query<HashMap<String, String>>) -> Response {
    match q.get("ns").map(|ns| state.catalog.namespace_texts(lang, ns)).filter(|texts| !texts.is_empty()) {
        Some(texts) => ([(header::CACHE_CONTROL, "public, max-age=3600")], Json(texts)).into_response(),
        None => (StatusCode::NOT_FOUND, Json(json!({ "successful": false, "failureReason": "no such texts" })))
            .into_response(),
    }
}

/// What the session cookie says about a page request.
#[derive(Default)]
pub(super) struct Session {
    pub shopper: Option<Shopper>,
    /// The cookie carries a token the API would refuse (revoked, expired, forged).
    refused: bool,
}

/// The signed-in shopper for a page that is not public, from the session cookie, checked exactly
/// as the API checks a bearer token. Public pages never look: their HTML is shared.
pub(super) async fn session(state: &AppState, url: &str, headers: &HeaderMap) -> Session {
    let path = url.split_once('?').map_or(url, |(p, _)| p);
    let Some(token) = session_cookie::token(headers).filter(|_| !pages::table().resolve(path).0.public) else {
        return Session::default();
    };
    match auth::user_of(&state.tokens, &state.store, state.clock.now(), token).await {
        Ok(Ok(id)) => {
            let session = state.tokens.verify(token).map(|c| c.sid).unwrap_or_default().into();
            Session { shopper: Some(Shopper { id, session }), refused: false }
        }
        // Routine after a password change on another device; the page renders signed out.
        Ok(Err(reason)) => {
            tracing::debug!(reason, "session cookie refused");
            Session { shopper: None, refused: true }
        }
        Err(error) => {
            tracing::warn!(%error, "session cookie not checked; the page renders signed out");
            Session::default()
        }
    }
}

impl Session {
    /// A page made for a shopper is theirs alone: no shared or browser cache keeps it (nor the
    /// back/forward cache after signing out). A refused cookie is dropped, so later pages skip it.
    pub(super) fn finish(&self, res: &mut Response, cookie: SessionCookie) {
        if self.shopper.is_some() {
            res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
        }
        if self.refused {
            res.headers_mut().append(header::SET_COOKIE, cookie.clearing());
        }
    }
}

async fn load(
    state: &AppState,
    url: &str,
    lang: Lang,
    shopper: Option<Shopper>,
    client: &str,
    posted: HashMap<String, String>,
) -> (&'static str, Loaded) {
    let path = url.split_once('?').map_or(url, |(p, _)| p);
    let (page, params) = pages::table().resolve(path);
    let url = page.cache_url(url);
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let query = serde_urlencoded::from_str(query).unwrap_or_default();
    let shopper = shopper.filter(|_| !page.public);
    let client = client.to_owned();
    let loaded =
        (page.load)(LoadCtx { state: state.clone(), lang, params, query, posted, shopper, client: client.clone() })
            .await;
    if loaded.not_found_page {
        let not_found = pages::table().not_found();
        let ctx = LoadCtx {
            state: state.clone(),
            lang,
            params: HashMap::new(),
            query: HashMap::new(),
            posted: HashMap::new(),
            shopper: None,
            client,
        };
        return (not_found.id, (not_found.load)(ctx).await);
    }
    (page.id, loaded)
}

/// The JSON the React app renders from, on the server and in the browser: the loader's data and
/// the page's texts in its language.
fn payload(state: &AppState, route: &str, loaded: &Loaded, url: &str, lang: Lang, forms: &Forms) -> String {
    // Written straight from borrowed parts: the page's data and texts are tens of KB, which a
    // `json!` value would copy before writing. The payload's own fields are sorted, as a `json!`
    // object had them; the data's come in their types' order.
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Config<'a> {
        new_origin: &'a str,
        old_hosts: &'a [String],
        tefap_testing: bool,
        tile_url: &'a str,
    }
    #[derive(serde::Serialize)]
    struct Payload<'a> {
        action: Option<&'a Value>,
        config: Config<'a>,
        #[serde(skip_serializing_if = "Option::is_none")]
        console: Option<&'a serde_json::value::RawValue>,
        csrf: Option<&'a str>,
        data: &'a serde_json::value::RawValue,
        #[serde(skip_serializing_if = "Option::is_none")]
        denied: Option<crate::pages::Denied>,
        lang: &'a str,
        messages: &'a Value,
        route: &'a str,
        status: u16,
        url: &'a str,
    }
    let config = &state.config;
    serde_json::to_string(&Payload {
        action: forms.refused.as_ref().map(|r| &r.action),
        config: Config {
            new_origin: &config.public_url,
            old_hosts: &config.old_hosts,
            tefap_testing: config.tefap_testing,
            tile_url: &config.tile_url,
        },
        console: loaded.console.as_deref(),
        csrf: forms.csrf.as_deref(),
        data: &loaded.data,
        denied: loaded.denied,
        lang: lang.code(),
        messages: state.catalog.page_texts(lang, route),
        route,
        status: loaded.status.as_u16(),
        url,
    })
    .expect("a page payload serializes")
}

#[allow(clippy::too_many_arguments)]
async fn page(
    state: &AppState,
    url: &str,
    lang: Lang,
    nonce: &str,
    shopper: Option<Shopper>,
    client: &str,
    forms: &Forms,
    fresh: bool,
    stages: &mut Stages,
) -> Response {
    let path = url.split_once('?').map_or(url, |(p, _)| p);
    let (resolved, url) = stages.time_sync("route", || {
        let resolved = pages::table().resolve(path).0;
        // The page as its loader sees it: the same entry whatever else the address carries.
        (resolved, resolved.cache_url(url))
    });
    // Only public pages are cached, and they are never loaded for a shopper (see `session`), nor
    // carry a form's token or refusal.
    let public = resolved.public
        && shopper.is_none()
        && forms.csrf.is_none()
        && forms.refused.is_none()
        && forms.shown.is_empty();
    let url = &*url;
    let key = CacheKey { url: url.to_owned(), lang };
    if public
        && !fresh
        && let Some(hit) = stages.time("cache", state.cache.get(&key, &state.store)).await
    {
        return stages.time_sync("document", || document(state, &hit, path, lang, nonce));
    }
    // Taken before the load: a write to the page's scopes that races the load keeps the page out
    // of the cache rather than in it with versions newer than its data.
    // The mark a recent versions read brought costs no query; only the first page reads one.
    let mark = match public {
        true => match state.cache.recent_mark() {
            Some(mark) => Some(mark),
            None => stages
                .time("mark", state.store.scope_mark())
                .await
                .inspect_err(|error| tracing::warn!(%error, "scope mark"))
                .ok(),
        },
        false => None,
    };
    let (route, mut loaded) = stages.time("load", load(state, url, lang, shopper, client, forms.shown.clone())).await;
    if let Some(refused) = &forms.refused {
        loaded.status = refused.status;
    }
    let payload: Arc<str> = stages.time_sync("payload", || payload(state, route, &loaded, url, lang, forms).into());
    // The versions to keep the page with are read while the engine renders: neither waits for
    // the other, and the page is kept only once both are in.
    let versions = async {
        match &mark {
            Some(mark) if loaded.status.is_success() => {
                state.cache.versions_since(&state.store, &loaded.scopes, mark).await
            }
            _ => None,
        }
    };
    let (versions, rendered) = tokio::join!(
        Stages::timed("versions", versions),
        Stages::timed("render", state.renderer.render(payload.clone()))
    );
    let (versions, rendered) = (stages.add(versions), stages.add(rendered));
    if let Ok(rendered) = &rendered {
        stages.split("render", "queue", "engine", rendered.engine);
    }
    match rendered {
        Ok(rendered) => {
            if public && loaded.status.is_success() {
                state.renderer.remember(route, payload.clone());
            }
            let head_json_ld = loaded.json_ld.iter().map(|v| escape_json_for_html(&v.to_string())).collect();
            let keep = versions.is_some();
            let scopes = versions.unwrap_or_default();
            let payload_json = escape_json_for_html(&with_ssr_flag(&payload, true));
            let status = loaded.status.as_u16();
            let critical_css = state.critical_css.for_html(&rendered.html);
            let page =
                Arc::new(CachedPage { route, status, payload_json, rendered, critical_css, head_json_ld, scopes });
            if keep {
                stages.time("cache_put", state.cache.put(key, page.clone())).await;
            }
            stages.time_sync("document", || document(state, &page, path, lang, nonce))
        }
        Err(error) => {
            tracing::warn!(%error, url, route, "serving the client-rendered shell");
            state.metrics.shell_fallback();
            shell(state, route, loaded.status, &payload, path, lang, nonce)
        }
    }
}

fn document(state: &AppState, page: &CachedPage, path: &str, lang: Lang, nonce: &str) -> Response {
    respond(
        state,
        lang,
        page.status,
        page.route,
        &page.rendered.title,
        &page.rendered.description,
        &page.rendered.html,
        &page.critical_css,
        &page.head_json_ld,
        &page.payload_json,
        path,
        nonce,
    )
}

/// What the browser gets when the server render failed: the same document with a
/// loading screen in place of the markup; the client renders the page itself.
fn shell(
    state: &AppState,
    route: &str,
    status: StatusCode,
    payload: &str,
    path: &str,
    lang: Lang,
    nonce: &str,
) -> Response {
    let loading = format!(
        r#"<div class="loading-screen" role="status" aria-live="polite">{}</div>"#,
        askama::filters::escape(state.catalog.text(lang, "shell.loading"), askama::filters::Html)
            .map(|e| e.to_string())
            .unwrap_or_default()
    );
    let json = escape_json_for_html(&with_ssr_flag(payload, false));
    let title = state.catalog.text(lang, "app.title");
    let description = state.catalog.text(lang, "app.tagline");
    let critical_css = state.critical_css.for_html(&loading);
    respond(state, lang, status.as_u16(), route, title, description, &loading, &critical_css, &[], &json, path, nonce)
}

#[allow(clippy::too_many_arguments)]
fn respond(
    state: &AppState,
    lang: Lang,
    status: u16,
    route: &str,
    title: &str,
    description: &str,
    root_html: &str,
    critical_css: &str,
    head_json_ld: &[String],
    payload_json: &str,
    path: &str,
    nonce: &str,
) -> Response {
    let (styles, preloads) = state.manifest.tags_for(route);
    let page_url = format!("{}{}", state.config.public_url.trim_end_matches('/'), path);
    let canonical = seo::in_language(&page_url, lang);
    let alternates = seo::alternates(&page_url);
    let doc = Document {
        lang: lang.code(),
        dir: lang.dir(),
        title,
        description,
        canonical: &canonical,
        alternates: &alternates,
        theme_color: THEME_COLOR,
        nonce,
        critical_css,
        styles: &styles,
        preloads: &preloads,
        head_json_ld,
        root_html,
        payload_json,
        entry: &state.manifest.entry.file,
    };
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
    match doc.render() {
        Ok(html) => {
            let mut res = (status, Html(html)).into_response();
            // Per-response nonce inside: never store the document itself.
            res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            res
        }
        Err(e) => {
            tracing::error!(error = %e, "document template failed");
            (StatusCode::SERVICE_UNAVAILABLE, "temporarily unavailable").into_response()
        }
    }
}

fn with_ssr_flag(payload: &str, ssr: bool) -> String {
    // The payload is always a JSON object: splice the flag in rather than re-serialise.
    format!("{{\"ssr\":{ssr},{}", &payload[1..])
}

use crate::support::{app, get};

/// Per-response and per-build parts of the document, so snapshots show structure.
fn stable(html: &str) -> String {
    let mut out = html.to_owned();
    for (pattern, with) in [
        (r#"nonce="[^"]+""#, r#"nonce="[nonce]""#),
        (r"-[A-Za-z0-9_]{8}\.(js|css)", "-[hash].$1"),
        // The inlined rules follow the stylesheet (styles_come_only_from_the_apps_stylesheet).
        (r#"(<style nonce="\[nonce\]">)[^<]*</style>"#, "$1[the stylesheet's rules the page uses]</style>"),
    ] {
        out = regex_lite::Regex::new(pattern).unwrap().replace_all(&out, with).into_owned();
    }
    out
}

#[tokio::test]
async fn home_is_server_rendered() {
    let res = get(app().await, "/").await;
    assert_eq!(res.status, 200);
    assert!(res.body.contains("Free, convenient groceries when in need"));
    assert!(res.body.contains(r#"placeholder="Enter Zip Code""#));
    assert!(res.body.contains(r#""ssr":true"#));
    assert!(!res.body.contains("class=\"loading-screen\""), "server-rendered pages never show the loading screen");
    insta::with_settings!({ snapshot_path => "../../snapshots", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("home", stable(&res.body));
    });
}

#[tokio::test]
async fn unknown_path_is_not_found() {
    let res = get(app().await, "/no/such/page").await;
    assert_eq!(res.status, 404);
    assert!(res.body.contains("<h1>Sorry, this page cannot be found.</h1>"));
    assert!(res.body.contains("Go Home"));
    insta::with_settings!({ snapshot_path => "../../snapshots", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("not_found", stable(&res.body));
    });
}

#[tokio::test]
async fn index_html_redirects_home() {
    let res = get(app().await, "/index.html").await;
    assert_eq!(res.status, 308);
    assert_eq!(res.headers["location"], "/");
}

#[tokio::test]
async fn healthz_answers_ok() {
    let res = get(app().await, "/healthz").await;
    assert_eq!((res.status, res.body.as_str()), (200, "ok"));
}

#[tokio::test]
async fn documents_carry_security_headers_and_a_fresh_nonce() {
    let a = get(app().await, "/").await;
    let b = get(app().await, "/").await;
    let csp = a.headers["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("frame-ancestors 'none'"));
    let nonce = csp.split("'nonce-").nth(1).unwrap().split('\'').next().unwrap();
    assert!(a.body.contains(&format!(r#"nonce="{nonce}""#)), "the document uses the header's nonce");
    assert_ne!(csp, b.headers["content-security-policy"].to_str().unwrap(), "nonce is per response");
    assert_eq!(a.headers["x-content-type-options"], "nosniff");
    assert_eq!(a.headers["referrer-policy"], "strict-origin-when-cross-origin");
}

#[tokio::test]
async fn styles_come_only_from_the_apps_stylesheet() {
    // style-src without 'unsafe-inline': a style attribute in the server's HTML would be refused by
    // the browser (the page would render unstyled there), so none may be written. The one <style>
    // holds the stylesheet's rules the page uses, allowed by the response's nonce.
    let res = get(app().await, "/").await;
    let csp = res.headers["content-security-policy"].to_str().unwrap().to_owned();
    let style_src = csp.split(';').map(str::trim).find(|d| d.starts_with("style-src")).expect("a style-src directive");
    let nonce = csp.split("'nonce-").nth(1).unwrap().split('\'').next().unwrap();
    assert_eq!(style_src, format!("style-src 'self' 'nonce-{nonce}'"));
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    for uri in [
        "/",
        "/home/modal/1",
        "/home/foodbank?zip=43215",
        "/pantries?zip=43215",
        "/pantries/1",
        "/products?pantry=1",
        "/messages",
        "/account/login",
        "/account/register",
        "/account",
        "/cart",
        "/eligibility",
        "/nope",
    ] {
        let page = get(app().await, uri).await;
        assert!(page.body.contains(r#"<div id="root">"#), "{uri}: not a document");
        assert!(!page.body.contains(" style="), "{uri} holds a style attribute");
        assert_eq!(page.body.matches("<style").count(), 1, "{uri}: one inlined stylesheet");
        let nonce = page.headers["content-security-policy"]
            .to_str()
            .unwrap()
            .split("'nonce-")
            .nth(1)
            .unwrap()
            .split('\'')
            .next()
            .unwrap()
            .to_owned();
        let inline = page
            .body
            .split(&format!(r#"<style nonce="{nonce}">"#))
            .nth(1)
            .unwrap_or_else(|| panic!("{uri}: the style has the response's nonce"))
            .split("</style>")
            .next()
            .unwrap();
        assert!(inline.len() > 500, "{uri}: the rules its markup uses are inlined ({} bytes)", inline.len());
        assert!(
            inline.len() < orderahead::render::APP_CSS.len() / 2,
            "{uri}: only the rules its markup uses ({} of {} bytes)",
            inline.len(),
            orderahead::render::APP_CSS.len()
        );
        assert!(
            page.body.contains(r#"media="print" data-oa-css>"#),
            "{uri}: the whole stylesheet does not block the first paint"
        );
        assert!(
            page.body.contains(r#"<noscript><link rel="stylesheet" href="/assets/"#),
            "{uri}: without JavaScript it applies at once"
        );
    }
}

#[tokio::test]
async fn data_endpoint_answers_the_loader_json() {
    let res = get(app().await, "/_data?url=%2F").await;
    assert_eq!(res.status, 200);
    let v: serde_json::Value = serde_json::from_str(&res.body).unwrap();
    assert_eq!(v["route"], "home");
    assert_eq!(v["url"], "/");
    let missing = get(app().await, "/_data?url=%2Fnope").await;
    assert_eq!(missing.status, 404);
    let bad = get(app().await, "/_data?url=https%3A%2F%2Fevil.example").await;
    assert_eq!(bad.status, 400);
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_compressed() {
    let home = get(app().await, "/").await;
    let entry = regex_lite::Regex::new(r#"<script type="module" id="__oa-boot" data-entry="([^"]+)""#)
        .unwrap()
        .captures(&home.body)
        .unwrap()[1]
        .to_owned();
    let res = app().await.oneshot_with_encoding(&entry, "br").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.headers["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(res.headers["content-encoding"], "br");
    let gz = app().await.oneshot_with_encoding(&entry, "gzip").await;
    assert_eq!(gz.headers["content-encoding"], "gzip");
    let manifest = get(app().await, "/manifest.webmanifest").await;
    assert_eq!(manifest.status, 200);
    assert!(manifest.body.contains("OrderAhead"));
}

#[tokio::test]
async fn documents_are_compressed_once_as_the_browser_accepts() {
    let plain = get_with("/pantries?zip=43215", &[]).await;
    assert!(plain.headers.get("content-encoding").is_none());
    for encoding in ["br", "gzip"] {
        use axum::{body::Body, http::Request};
        use http_body_util::BodyExt;
        use tower::ServiceExt;
        let req = Request::get("/pantries?zip=43215").header("accept-encoding", encoding).body(Body::empty()).unwrap();
        let res = app().await.oneshot(req).await.unwrap();
        assert_eq!(res.status(), 200);
        let headers = res.headers().clone();
        assert_eq!(headers["content-encoding"], encoding);
        assert_eq!(headers.get_all("content-encoding").iter().count(), 1, "never encoded twice");
        assert!(headers["vary"].to_str().unwrap().to_ascii_lowercase().contains("accept-encoding"));
        assert!(headers.get("content-security-policy").is_some(), "still the page's answer");
        let bytes = res.into_body().collect().await.unwrap().to_bytes().len();
        assert!(bytes < plain.body.len() / 3, "{encoding}: {bytes} of {} bytes", plain.body.len());
    }
}

#[tokio::test]
async fn refusal_texts_go_with_the_pages_that_show_them_and_are_fetched_by_lazy_chunks() {
    // The shop and the pantry list show refusals only in lazily loaded modals (a referral code,
    // delivery), which fetch these texts as they load; the sign-in form shows them itself.
    let lazy_only = ["/pantries?zip=43215", "/products?pantry=1"];
    for url in lazy_only {
        let data = get_with(&format!("/_data?url={}", url.replace('?', "%3F").replace('=', "%3D")), &[]).await;
        let payload: serde_json::Value = serde_json::from_str(&data.body).unwrap();
        let messages = payload["messages"].as_object().expect("the page's texts");
        assert!(!messages.is_empty());
        assert!(!messages.keys().any(|k| k.starts_with("refusal.")), "{url} carries refusal texts");
    }
    let login = get_with("/_data?url=%2Faccount%2Flogin", &[]).await;
    let payload: serde_json::Value = serde_json::from_str(&login.body).unwrap();
    assert!(payload["messages"].get("refusal.loginFailed").is_some(), "a form's refusals render with its page");

    let es: serde_json::Value = serde_json::from_str(include_str!("../../app/src/i18n/es.json")).unwrap();
    let texts = get_with("/_texts?ns=refusal&lang=es", &[]).await;
    assert_eq!(texts.status, 200);
    assert!(texts.headers["cache-control"].to_str().unwrap().starts_with("public"));
    let texts: serde_json::Value = serde_json::from_str(&texts.body).unwrap();
    assert_eq!(texts["refusal.loginFailed"], es["refusal.loginFailed"]);
    assert!(texts.as_object().unwrap().keys().all(|k| k.starts_with("refusal.")));
    let by_cookie = get_with("/_texts?ns=refusal", &[("cookie", "oa_lang=es")]).await;
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&by_cookie.body).unwrap()["refusal.loginFailed"],
        es["refusal.loginFailed"]
    );
    assert_eq!(get_with("/_texts?ns=nothing", &[]).await.status, 404);
    assert_eq!(get_with("/_texts", &[]).await.status, 404);
}

trait WithEncoding {
    async fn oneshot_with_encoding(self, uri: &str, encoding: &str) -> crate::support::Reply;
}

impl WithEncoding for axum::Router {
    async fn oneshot_with_encoding(self, uri: &str, encoding: &str) -> crate::support::Reply {
        use tower::ServiceExt;
        let req =
            axum::http::Request::get(uri).header("accept-encoding", encoding).body(axum::body::Body::empty()).unwrap();
        let res = self.oneshot(req).await.unwrap();
        crate::support::Reply { status: res.status().as_u16(), headers: res.headers().clone(), body: String::new() }
    }
}

#[tokio::test]
async fn eligibility_page_is_server_rendered_with_its_first_question() {
    let res = get(app().await, "/account/register/eligibility?returnTo=%2Fproducts%3Fpantry%3D3").await;
    assert_eq!(res.status, 200);
    assert!(res.body.contains("<title>TEFAP Eligibility | OrderAhead</title>"));
    assert!(res.body.contains("<h1>TEFAP Eligibility</h1>"));
    assert!(res.body.contains("Would you like to answer a few questions to see if you qualify?"));
    assert!(res.body.contains(r#""ssr":true"#));
    let data =
        get(app().await, "/_data?url=%2Faccount%2Fregister%2Feligibility%3FreturnTo%3D%252Fproducts%253Fpantry%253D3")
            .await;
    assert_eq!(data.status, 200);
    let v: serde_json::Value = serde_json::from_str(&data.body).unwrap();
    assert_eq!(v["route"], "eligibility");
    assert_eq!(v["data"]["returnTo"], "/products?pantry=3");
}

#[tokio::test]
async fn order_pages_render_the_sign_in_prompt_and_refuse_impossible_ids() {
    let app = app().await;
    for path in ["/account/orders", "/account/orders/42", "/account/orders/42/cancel", "/account/orders/42/location"] {
        let res = get(app.clone(), path).await;
        assert_eq!(res.status, 200, "{path}");
        assert!(res.body.contains(r#""ssr":true"#), "{path} is server-rendered");
        assert!(res.body.contains("Please log in to see your orders."), "{path}: {}", res.body);
        let back = path.replace('/', "%2F");
        assert!(res.body.contains(&format!("/account/login?returnTo={back}")), "{path} comes back after sign-in");
    }
    assert!(get(app.clone(), "/account/orders/42/cancel").await.body.contains("<h1>Cancel Order?</h1>"));
    for path in ["/account/orders/abc", "/account/orders/-1", "/account/orders/99999999999999999999/cancel"] {
        let res = get(app.clone(), path).await;
        assert_eq!(res.status, 404, "{path}");
        assert!(res.body.contains(">Sorry, this page cannot be found.<"), "{path}");
    }
}

#[tokio::test]
async fn ids_that_name_nothing_answer_the_not_found_page() {
    let app = app().await;
    // 99999999999 is an id, of no product anywhere: Not Found when no pantry is named.
    for path in [
        "/products/abc",
        "/products/abc?pantry=3",
        "/products/99999999999",
        "/cart/confirmation/abc",
        "/cart/confirmation/-4",
    ] {
        let res = get(app.clone(), path).await;
        assert_eq!(res.status, 404, "{path}");
        assert!(res.body.contains(">Sorry, this page cannot be found.<"), "{path}");
    }
    let res = get(app.clone(), "/cart/confirmation/42").await;
    assert_eq!(res.status, 200, "an order id renders the confirmation, fetched after hydration");
    let res = get(app.clone(), "/products/99999999999?pantry=1").await;
    assert_eq!(res.status, 404, "a pantry's shop without the product keeps its page, as Not Found");
    let res = get(app.clone(), "/products/1").await;
    assert_eq!(res.status, 200, "a product's page without a pantry takes the cart's, after hydration");
}

#[tokio::test]
async fn old_hosts_send_pages_to_the_public_url_when_configured_and_keep_the_api() {
    use axum::{body::Body, http::Request};
    use tower::ServiceExt;
    let mut config = crate::support::config();
    config.data_dir = std::env::temp_dir().join(format!("orderahead-old-hosts-{}", std::process::id()));
    config.public_url = "https://new.example.org".into();
    config.old_hosts = vec!["old.example.org".into()];
    config.redirect_old_hosts = true;
    let app = orderahead::http::app(orderahead::server::build_state(config).await.expect("state"));
    let on = |host: &str, uri: &str| Request::get(uri).header("host", host).body(Body::empty()).unwrap();

    let moved = app.clone().oneshot(on("old.example.org:8080", "/pantries?zip=43215")).await.unwrap();
    assert_eq!(moved.status(), 308);
    assert_eq!(moved.headers()["location"], "https://new.example.org/pantries?zip=43215");
    // Installed copies on the old address keep working until they are reinstalled.
    let api = app.clone().oneshot(on("old.example.org", "/api/v1/foodbanks/1")).await.unwrap();
    assert_eq!(api.status(), 200);
    let here = app.oneshot(on("new.example.org", "/pantries?zip=43215")).await.unwrap();
    assert_eq!(here.status(), 200);
}

async fn get_with(uri: &str, headers: &[(&str, &str)]) -> crate::support::Reply {
    use axum::{body::Body, http::Request};
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut req = Request::get(uri);
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let res = app().await.oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let body = String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned();
    crate::support::Reply { status, headers, body }
}

#[tokio::test]
async fn spanish_pages_come_from_the_url_the_device_choice_or_the_browser() {
    // The catalog's own Spanish tagline, so the test follows the translation.
    let es: serde_json::Value =
        serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/i18n/es.json"))).unwrap();
    let tagline = es["app.tagline"].as_str().unwrap();

    // The stable per-language URL: Spanish, remembered on the device.
    let by_url = get_with("/?lang=es", &[]).await;
    assert_eq!(by_url.status, 200);
    assert!(by_url.body.contains(r#"<html lang="es" dir="ltr">"#));
    assert!(by_url.body.contains(tagline), "server-rendered in Spanish");
    assert!(
        !by_url.body.contains("Free, convenient groceries when in need"),
        "no English text in the page or its payload"
    );
    let cookie = by_url.headers["set-cookie"].to_str().unwrap();
    assert!(cookie.starts_with("oa_lang=es;") && cookie.contains("Path=/"), "{cookie}");

    // The same public page in English is another cache entry, not the Spanish one.
    let english = get_with("/", &[]).await;
    assert!(
        english.body.contains(r#"<html lang="en" dir="ltr">"#)
            && english.body.contains("Free, convenient groceries when in need")
    );
    assert!(english.headers.get("set-cookie").is_none(), "only an explicit choice is remembered");

    let by_browser = get_with("/", &[("accept-language", "es-US,es;q=0.9,en;q=0.5")]).await;
    assert!(by_browser.body.contains(tagline));
    let by_cookie = get_with("/", &[("accept-language", "es-US"), ("cookie", "oa_lang=en")]).await;
    assert!(by_cookie.body.contains(r#"<html lang="en" dir="ltr">"#), "the device's choice beats the browser's");
    let arabic = get_with("/", &[("accept-language", "ar-EG,ar;q=0.9,en;q=0.5")]).await;
    assert!(arabic.body.contains(r#"<html lang="ar" dir="rtl">"#), "Arabic, right to left");

    // Client-side navigation asks /_data, which follows the same choice.
    let data = get_with("/_data?url=%2Fpantries%3Fzip%3D43215", &[("cookie", "oa_lang=es")]).await;
    let payload: serde_json::Value = serde_json::from_str(&data.body).unwrap();
    assert_eq!(payload["lang"], "es");
    assert_eq!(payload["messages"]["pantries.title"], es["pantries.title"]);
    assert!(payload["messages"].get("orders.title").is_none(), "only the page's own namespaces");
}

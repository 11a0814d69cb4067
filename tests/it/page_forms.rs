//! Forms before JavaScript (issue 20): a form posted to its page runs the page's action with the
//! API's own checks, answering 303 (with the session cookie where it signs in) or the page again
//! with 422, the refusal and the typed values (never a password); a post from another site, or
//! without the browser's form token, is a 403 and runs nothing.
use crate::{
    api_account::unique_email,
    api_support::{DEMO_EMAIL, DEMO_PASSWORD, TestApp},
    on_both,
};
use axum::{
    body::Body,
    http::{HeaderMap, Method, Request, header},
};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

on_both!(
    a_login_form_signs_in_with_a_303_and_the_session_cookie,
    the_log_out_form_ends_the_session_everywhere,
    a_refused_login_is_the_page_again_with_the_email_kept,
    a_refused_registration_keeps_every_field_but_the_password,
    a_registration_form_opens_the_account,
    a_reset_request_form_is_sent_on_to_the_sent_page,
    a_cross_site_post_is_refused_with_403,
    a_post_without_the_browsers_token_is_refused_with_403,
    bodies_that_are_not_our_forms_are_4xx,
    account_forms_save_the_profile_and_only_the_shoppers_own_addresses,
);

/// The test app's public URL (`Config::for_tests`).
pub(crate) const ORIGIN: &str = "http://localhost";

pub(crate) struct Reply {
    pub(crate) status: u16,
    headers: HeaderMap,
    pub(crate) body: String,
}

impl Reply {
    fn cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{name}=")))
            .map(|v| v.split(';').next().unwrap().split_once('=').unwrap().1.to_owned())
    }

    fn location(&self) -> &str {
        self.headers.get(header::LOCATION).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    /// The payload the page embeds for the app.
    pub(crate) fn payload(&self) -> Value {
        let start = self.body.find(r#"<script id="__oa""#).unwrap_or_else(|| panic!("no payload: {}", self.body));
        let json = &self.body[start..];
        let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
        serde_json::from_str(json).unwrap()
    }
}

pub(crate) async fn send(t: &TestApp, req: Request<Body>) -> Reply {
    let res = t.app().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply { status, headers, body: String::from_utf8_lossy(&bytes).into_owned() }
}

/// A browser that opened a page with a form: its CSRF cookie and the form's token.
pub(crate) struct Browser {
    csrf_cookie: String,
    token: String,
}

impl Browser {
    pub(crate) async fn open(t: &TestApp, url: &str) -> Self {
        let page = send(t, Request::get(url).body(Body::empty()).unwrap()).await;
        assert_eq!(page.status, 200, "{}", page.body);
        let csrf_cookie = page.cookie("oa_csrf").expect("a page with a form sets the CSRF cookie");
        let token = page.payload()["csrf"].as_str().expect("the payload carries the form token").to_owned();
        Self { csrf_cookie, token }
    }

    /// The form `fields` (and the token) posted to `url` from `origin`.
    fn post(&self, url: &str, origin: Option<&str>, fields: &[(&str, &str)]) -> Request<Body> {
        let mut all = vec![("csrf", self.token.as_str())];
        all.extend_from_slice(fields);
        let mut req = Request::builder()
            .method(Method::POST)
            .uri(url)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(header::COOKIE, format!("oa_lang=en; oa_csrf={}", self.csrf_cookie));
        if let Some(origin) = origin {
            req = req.header(header::ORIGIN, origin);
        }
        req.body(Body::from(serde_urlencoded::to_string(all).unwrap())).unwrap()
    }
}

async fn a_login_form_signs_in_with_a_303_and_the_session_cookie(t: &TestApp) {
    let url = "/account/login?returnTo=%2Faccount%2Forders";
    let browser = Browser::open(t, url).await;
    let fields = [("email", DEMO_EMAIL), ("password", DEMO_PASSWORD)];
    let done = send(t, browser.post(url, Some(ORIGIN), &fields)).await;
    assert_eq!((done.status, done.location()), (303, "/account/orders"), "{}", done.body);
    let token = done.cookie("oa_session").expect("signing in sets the session cookie");
    assert!(!token.is_empty());

    // The cookie signs the next page in: the order history renders the demo shopper's orders.
    let req = Request::get("/account/orders").header(header::COOKIE, format!("oa_session={token}")).body(Body::empty());
    let orders = send(t, req.unwrap()).await;
    assert_eq!(orders.status, 200);
    assert!(orders.payload()["data"]["orders"].is_array(), "{}", orders.payload()["data"]);
}

async fn the_log_out_form_ends_the_session_everywhere(t: &TestApp) {
    let url = "/account/login";
    let browser = Browser::open(t, url).await;
    let fields = [("email", DEMO_EMAIL), ("password", DEMO_PASSWORD)];
    let done = send(t, browser.post(url, Some(ORIGIN), &fields)).await;
    assert_eq!(done.status, 303, "{}", done.body);
    assert!(
        done.cookie("oa_device").is_some_and(|d| !d.is_empty()),
        "a form sign-in marks the device as the API's does"
    );
    let token = done.cookie("oa_session").expect("signing in sets the session cookie");
    let api = |token: &str| {
        Request::get("/api/v1/account/profile")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Body::empty())
    };
    assert_eq!(send(t, api(&token).unwrap()).await.status, 200);

    // Log Out on /account, with the session cookie and the form's token.
    let page = send(
        t,
        Request::get("/account")
            .header(header::COOKIE, format!("oa_session={token}; oa_csrf={}", browser.csrf_cookie))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    let form_token = page.payload()["csrf"].as_str().expect("the account page carries the form token").to_owned();
    let body = serde_urlencoded::to_string([("csrf", form_token.as_str()), ("intent", "signOut")]).unwrap();
    let out = Request::builder()
        .method(Method::POST)
        .uri("/account")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::ORIGIN, ORIGIN)
        .header(header::COOKIE, format!("oa_session={token}; oa_csrf={}", browser.csrf_cookie))
        .body(Body::from(body))
        .unwrap();
    let out = send(t, out).await;
    assert_eq!((out.status, out.location()), (303, "/"), "{}", out.body);
    assert_eq!(out.cookie("oa_session").as_deref(), Some(""), "the cookie is cleared");
    // The token itself is revoked, for the API as for pages (on every host: it is in the database).
    assert_eq!(send(t, api(&token).unwrap()).await.status, 401);
}

async fn a_refused_login_is_the_page_again_with_the_email_kept(t: &TestApp) {
    let browser = Browser::open(t, "/account/login").await;
    let wrong = "not the password at all";
    let fields = [("email", DEMO_EMAIL), ("password", wrong)];
    let refused = send(t, browser.post("/account/login", Some(ORIGIN), &fields)).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(refused.cookie("oa_session"), None, "a refused login sets no session");
    let payload = refused.payload();
    assert_eq!(payload["status"], 422);
    assert_eq!(payload["action"]["failure"]["failureCode"], "loginFailed");
    assert_eq!(payload["action"]["failure"]["status"], 401, "the API's own status for the app to read");
    assert_eq!(payload["action"]["values"]["email"], DEMO_EMAIL);
    assert!(!refused.body.contains(wrong), "the password is never sent back");
    // The page shows the reason in its server HTML.
    assert!(refused.body.contains("the email address or password is incorrect"), "{}", refused.body);
}

async fn a_refused_registration_keeps_every_field_but_the_password(t: &TestApp) {
    let browser = Browser::open(t, "/account/register").await;
    let email = unique_email("form");
    let password = "correct horse battery";
    // The eligibility box left unticked: refused at its field, as the API refuses it.
    let fields = [
        ("firstName", "Pat"),
        ("lastName", "Doe"),
        ("email", email.as_str()),
        ("password", password),
        ("phone", "(614) 555-0100"),
        ("zip", "43215"),
        ("isEmailNotificationEnabled", "on"),
    ];
    let refused = send(t, browser.post("/account/register", Some(ORIGIN), &fields)).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let action = &refused.payload()["action"];
    let errors = action["failure"]["value"]["errors"].as_array().unwrap();
    assert!(errors.iter().any(|e| e["field"] == "isEligible" && e["code"] == "required"), "{errors:?}");
    let values = &action["values"];
    assert_eq!((values["firstName"].as_str(), values["email"].as_str()), (Some("Pat"), Some(email.as_str())));
    assert_eq!((values["phone"].as_str(), values["zip"].as_str()), (Some("(614) 555-0100"), Some("43215")));
    assert_eq!(values["isEmailNotificationEnabled"], "on");
    assert_eq!(values["isTextMessageNotificationEnabled"], "", "an unticked box stays unticked");
    assert!(values.get("password").is_none() && !refused.body.contains(password), "the password is never sent back");
    // The server HTML already shows the kept values in their fields.
    assert!(refused.body.contains(&format!(r#"value="{email}""#)), "{}", refused.body);
}

async fn a_registration_form_opens_the_account(t: &TestApp) {
    let browser = Browser::open(t, "/account/register").await;
    let email = unique_email("form");
    let fields = [
        ("firstName", "Pat"),
        ("lastName", "Doe"),
        ("email", email.as_str()),
        ("password", "correct horse battery"),
        ("phone", "(614) 555-0100"),
        ("isEligible", "on"),
    ];
    let url = "/account/register?returnTo=%2Faccount";
    let done = send(t, browser.post(url, Some(ORIGIN), &fields)).await;
    assert_eq!((done.status, done.location()), (303, "/account"), "{}", done.body);
    assert!(done.cookie("oa_session").is_some_and(|c| !c.is_empty()));
    // The account exists: the API signs it in.
    t.login(&email.to_lowercase(), "correct horse battery").await;
}

async fn a_reset_request_form_is_sent_on_to_the_sent_page(t: &TestApp) {
    let browser = Browser::open(t, "/account/forgot-password").await;
    let done = send(t, browser.post("/account/forgot-password", Some(ORIGIN), &[("email", DEMO_EMAIL)])).await;
    assert_eq!((done.status, done.location()), (303, "/account/forgot-password?sent=true"), "{}", done.body);
    let refused = send(t, browser.post("/account/forgot-password", Some(ORIGIN), &[("email", "not an address")])).await;
    assert_eq!(refused.status, 422);
    let action = &refused.payload()["action"];
    assert_eq!(action["failure"]["value"]["errors"][0]["field"], "email");
    assert_eq!(action["values"]["email"], "not an address");
}

async fn a_cross_site_post_is_refused_with_403(t: &TestApp) {
    let browser = Browser::open(t, "/account/login").await;
    let fields = [("email", DEMO_EMAIL), ("password", DEMO_PASSWORD)];
    for origin in [Some("https://evil.example"), Some("null"), None] {
        let refused = send(t, browser.post("/account/login", origin, &fields)).await;
        assert_eq!(refused.status, 403, "{origin:?}: {}", refused.body);
        assert_eq!(refused.cookie("oa_session"), None, "{origin:?}: nothing ran");
        assert_eq!(refused.payload()["action"]["failure"]["failureCode"], "crossSiteForm");
    }
    // Without Origin, the Referer tells.
    let mut req = browser.post("/account/login", None, &fields);
    req.headers_mut().insert(header::REFERER, "https://evil.example/account/login".parse().unwrap());
    assert_eq!(send(t, req).await.status, 403);
    let mut req = browser.post("/account/login", None, &fields);
    req.headers_mut().insert(header::REFERER, "http://localhost/account/login".parse().unwrap());
    assert_eq!(send(t, req).await.status, 303, "our own page's Referer is enough");
}

async fn a_post_without_the_browsers_token_is_refused_with_403(t: &TestApp) {
    let browser = Browser::open(t, "/account/login").await;
    let other = Browser::open(t, "/account/login").await;
    assert_ne!(browser.token, other.token, "each browser has its own token");
    let fields = [("email", DEMO_EMAIL), ("password", DEMO_PASSWORD)];
    let forged = [
        Browser { csrf_cookie: browser.csrf_cookie.clone(), token: String::new() },
        Browser { csrf_cookie: browser.csrf_cookie.clone(), token: other.token.clone() },
        Browser { csrf_cookie: String::new(), token: browser.token.clone() },
    ];
    for (i, b) in forged.iter().enumerate() {
        let refused = send(t, b.post("/account/login", Some(ORIGIN), &fields)).await;
        assert_eq!(refused.status, 403, "case {i}: {}", refused.body);
        assert_eq!(refused.cookie("oa_session"), None, "case {i}: nothing ran");
        let payload = refused.payload();
        assert_eq!(payload["action"]["failure"]["failureCode"], "formExpired", "case {i}");
        // The page again carries a usable token, so sending it once more works.
        assert!(payload["csrf"].as_str().is_some_and(|t| !t.is_empty()), "case {i}");
    }
}

async fn bodies_that_are_not_our_forms_are_4xx(t: &TestApp) {
    let browser = Browser::open(t, "/account/login").await;
    let mut json = browser.post("/account/login", Some(ORIGIN), &[]);
    json.headers_mut().insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
    assert_eq!(send(t, json).await.status, 415);

    let big = "x".repeat(64 * 1024);
    let huge = send(t, browser.post("/account/login", Some(ORIGIN), &[("email", &big)])).await;
    assert_eq!(huge.status, 413);

    let nul = send(t, browser.post("/account/login", Some(ORIGIN), &[("email", "a\0b")])).await;
    assert_eq!(nul.status, 400);

    // A page without a form answers a post as before.
    let cart = send(t, browser.post("/cart", Some(ORIGIN), &[])).await;
    assert_eq!(cart.status, 405);
}

/// Signed in by the login form: the session token and the browser with its form token, as the
/// account page hands it to that session.
async fn signed_in(t: &TestApp, email: &str, password: &str) -> (String, Browser) {
    let browser = Browser::open(t, "/account/login").await;
    let done = send(t, browser.post("/account/login", Some(ORIGIN), &[("email", email), ("password", password)])).await;
    assert_eq!(done.status, 303, "{}", done.body);
    let token = done.cookie("oa_session").expect("signing in sets the session cookie");
    (token, browser)
}

/// A form posted to /account by the signed-in browser.
pub(crate) async fn post_account(t: &TestApp, token: &str, browser: &Browser, fields: &[(&str, &str)]) -> Reply {
    let mut req = browser.post("/account", Some(ORIGIN), fields);
    let cookies = format!("oa_lang=en; oa_session={token}; oa_csrf={}", browser.csrf_cookie);
    req.headers_mut().insert(header::COOKIE, cookies.parse().unwrap());
    send(t, req).await
}

async fn account_forms_save_the_profile_and_only_the_shoppers_own_addresses(t: &TestApp) {
    let (token, browser) = signed_in(t, DEMO_EMAIL, DEMO_PASSWORD).await;
    let api = |method: Method, path: &str, token: &str, body: Option<Value>| {
        let req = Request::builder()
            .method(method)
            .uri(format!("/api/v1{path}"))
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json");
        req.body(body.map_or_else(Body::empty, |b| Body::from(b.to_string()))).unwrap()
    };
    let value = |r: Reply| serde_json::from_str::<Value>(&r.body).unwrap()["value"].clone();

    // A refused profile edit: 422, the field named, the typed values kept, nothing saved.
    let before = value(send(t, api(Method::GET, "/account/profile", &token, None)).await);
    let profile = [("intent", "saveProfile"), ("firstName", ""), ("lastName", "Formly"), ("phone", "(614) 555-0100")];
    let refused = post_account(t, &token, &browser, &profile).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let payload = refused.payload();
    assert_eq!(payload["action"]["intent"], "saveProfile");
    assert_eq!(payload["action"]["failure"]["value"]["errors"][0]["field"], "firstName", "{payload}");
    assert_eq!(payload["action"]["values"]["lastName"], "Formly");
    let after = value(send(t, api(Method::GET, "/account/profile", &token, None)).await);
    assert_eq!(after["lastName"], before["lastName"], "a refused edit saves nothing");

    // Saved: 303 back to the account; an unticked box turns its messages off.
    let mut profile = profile.to_vec();
    profile[1] = ("firstName", "Nell");
    profile.push(("isEmailNotificationEnabled", "on"));
    let done = post_account(t, &token, &browser, &profile).await;
    assert_eq!((done.status, done.location()), (303, "/account"), "{}", done.body);
    let saved = value(send(t, api(Method::GET, "/account/profile", &token, None)).await);
    assert_eq!((saved["firstName"].as_str(), saved["lastName"].as_str()), (Some("Nell"), Some("Formly")));
    assert_eq!(
        (saved["isEmailNotificationEnabled"].as_bool(), saved["isTextMessageNotificationEnabled"].as_bool()),
        (Some(true), Some(false))
    );

    // Another shopper's address: neither its edit nor its delete reaches it.
    let email = unique_email("form.addr");
    let account = serde_json::json!({
        "firstName": "Other", "lastName": "Shopper", "eMailAddress": email, "password": "a good password 8",
        "phoneNumber": "(614) 555-0101", "isEligible": true,
    });
    let req = Request::post("/api/v1/account").header(header::CONTENT_TYPE, "application/json");
    let other =
        value(send(t, req.body(Body::from(account.to_string())).unwrap()).await)["jwt"].as_str().unwrap().to_owned();
    let address = serde_json::json!({
        "name": "Theirs", "address": { "addressLine1": "1 Elm St", "city": "Columbus", "province": "OH", "postalCode": "43215" },
    });
    let theirs =
        value(send(t, api(Method::POST, "/account/addresses", &other, Some(address))).await)["id"].as_i64().unwrap();
    let id = theirs.to_string();
    let fields = [
        ("intent", "saveAddress"),
        ("addressId", id.as_str()),
        ("name", "Mine now"),
        ("addressLine1", "2 Oak St"),
        ("city", "Columbus"),
        ("province", "OH"),
        ("postalCode", "43215"),
    ];
    let edit = post_account(t, &token, &browser, &fields).await;
    assert_eq!(edit.status, 422, "{}", edit.body);
    assert_eq!(edit.payload()["action"]["failure"]["status"], 404);
    let delete = post_account(t, &token, &browser, &[("intent", "deleteAddress"), ("addressId", id.as_str())]).await;
    assert_eq!(delete.status, 422, "{}", delete.body);
    let kept = value(send(t, api(Method::GET, "/account/addresses", &other, None)).await);
    assert_eq!(kept[0]["name"], "Theirs", "{kept}");

    // The shopper's own: added, then deleted.
    let mut fields = fields.to_vec();
    fields[1] = ("addressId", "");
    let added = post_account(t, &token, &browser, &fields).await;
    assert_eq!((added.status, added.location()), (303, "/account"), "{}", added.body);
    let mine = value(send(t, api(Method::GET, "/account/addresses", &token, None)).await);
    let mine = mine.as_array().unwrap().iter().find(|a| a["name"] == "Mine now").expect("saved").clone();
    let id = mine["id"].to_string();
    let gone = post_account(t, &token, &browser, &[("intent", "deleteAddress"), ("addressId", id.as_str())]).await;
    assert_eq!((gone.status, gone.location()), (303, "/account"), "{}", gone.body);
    let left = value(send(t, api(Method::GET, "/account/addresses", &token, None)).await);
    assert!(left.as_array().unwrap().iter().all(|a| a["name"] != "Mine now"), "{left}");
}

//! Password reset through the mail outbox: the link works once, ends old
//! sessions, expires, and requests are rate limited without revealing accounts.
use crate::{
    api_account::{assert_refused, error_fields, register, unique_email},
    api_support::{ApiReply, TestApp},
    on_both,
};
use axum::{
    body::Body,
    http::{Request, header},
};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::time::Duration;
use tower::ServiceExt;

on_both!(
    full_reset_through_the_outbox,
    reset_requests_do_not_reveal_accounts_and_are_rate_limited,
    expired_and_wrong_links_are_refused,
    the_reset_mail_follows_the_accounts_language,
    concurrent_guesses_check_only_the_allowance,
    a_sign_up_with_a_known_email_mails_its_owner,
);

const EXPIRED: &str = "This reset token has expired. Please try resetting your password again.";

/// The (token, code) of the reset mail sent to `email`, waiting briefly for it.
async fn mailed_link(t: &TestApp, email: &str) -> (String, String) {
    let dir = t.state.mailer.outbox().expect("tests run without SMTP").to_owned();
    let pattern = regex_lite::Regex::new(r"/account/update-password/([A-Za-z0-9_-]{43})/(\d{6})").unwrap();
    for _ in 0..50 {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            // Undo quoted-printable soft line breaks (the link line is long); the
            // link's characters need no other decoding.
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default().replace("=\r\n", "");
            if entry.path().extension().is_some_and(|e| e == "eml") && text.contains(&format!("To: {email}")) {
                let c = pattern.captures(&text).unwrap_or_else(|| panic!("no link in {text}"));
                return (c[1].to_owned(), c[2].to_owned());
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no mail to {email} in {}", dir.display());
}

/// Mails are sent after the answer: waits until `n` have reached `email`, then a
/// little longer to catch any extra one.
async fn assert_mails_to(t: &TestApp, email: &str, n: usize) {
    for _ in 0..50 {
        if mails_to(t, email) >= n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mails_to(t, email), n, "mails to {email}");
}

fn mails_to(t: &TestApp, email: &str) -> usize {
    let dir = t.state.mailer.outbox().unwrap();
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| std::fs::read_to_string(e.path()).is_ok_and(|s| s.contains(&format!("To: {email}"))))
        .count()
}

async fn validate(t: &TestApp, token: &str, code: &str) -> ApiReply {
    t.get(&format!("/api/v1/user/password/validate?token={token}&code={code}"), None).await
}

async fn set_password(t: &TestApp, token: &str, code: &str, body: serde_json::Value) -> ApiReply {
    t.post(&format!("/api/v1/user/password?token={token}&code={code}"), None, body).await
}

fn wrong(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000)
}

async fn full_reset_through_the_outbox(t: &TestApp) {
    let email = unique_email("reset").to_lowercase();
    let old_session = register(t, &email).await;
    assert_eq!(t.get("/api/v1/account/profile", Some(&old_session)).await.status, 200);

    let r = t.post("/api/v1/user/reset", None, json!({ "email": format!(" {} ", email.to_uppercase()) })).await;
    assert_eq!(r.value(), &json!(true));
    let (token, code) = mailed_link(t, &email).await;
    let mail = std::fs::read_dir(t.state.mailer.outbox().unwrap())
        .unwrap()
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default().replace("=\r\n", ""))
        .find(|s| s.contains(&token))
        .unwrap();
    assert!(mail.contains("http://localhost/account/update-password/") && mail.contains("Hello Pat"), "{mail}");

    let r = validate(t, &token, &wrong(&code)).await;
    assert_refused(&r, 422);
    assert_eq!(r.failure(), EXPIRED);
    assert_eq!(validate(t, &token, &code).await.value(), &json!(true));

    // The new password must be given (and confirmed, when a confirmation is sent).
    assert_eq!(error_fields(&set_password(t, &token, &code, json!({ "password": "  " })).await), vec!["password"]);
    let r = set_password(t, &token, &code, json!({ "password": "new secret", "confirmPassword": "other" })).await;
    assert_eq!(error_fields(&r), vec!["password"]);
    assert_refused(
        &t.post(&format!("/api/v1/user/password?token={token}"), None, json!({ "password": "x" })).await,
        400,
    );
    // Those refusals left both the link and the old password working.
    assert_eq!(validate(t, &token, &code).await.value(), &json!(true));
    t.login(&email, "correct horse battery").await;

    let r =
        set_password(t, &token, &code, json!({ "password": " new secret ", "confirmPassword": "new secret" })).await;
    assert_eq!(r.value(), &json!(true));
    // Every earlier session has ended; only the new password logs in.
    assert_refused(&t.get("/api/v1/account/profile", Some(&old_session)).await, 401);
    assert_refused(
        &t.post("/api/v1/account/login", None, json!({ "Username": email, "Password": "correct horse battery" })).await,
        401,
    );
    let fresh = t.login(&email, "new secret").await;
    assert_eq!(t.get("/api/v1/account/profile", Some(&fresh)).await.status, 200);

    // The link works once.
    let r = validate(t, &token, &code).await;
    assert_eq!((r.status, r.failure()), (422, EXPIRED));
    let r = set_password(t, &token, &code, json!({ "password": "third secret" })).await;
    assert_eq!((r.status, r.failure()), (422, EXPIRED));
    t.login(&email, "new secret").await;
}

async fn reset_requests_do_not_reveal_accounts_and_are_rate_limited(t: &TestApp) {
    let email = unique_email("limit").to_lowercase();
    register(t, &email).await;
    let known = t.post("/api/v1/user/reset", None, json!({ "email": email })).await;
    let unknown_email = unique_email("ghost").to_lowercase();
    let unknown = t.post("/api/v1/user/reset", None, json!({ "email": unknown_email })).await;
    assert_eq!((known.status, &known.body), (unknown.status, &unknown.body));
    assert_eq!(known.value(), &json!(true));
    assert_mails_to(t, &email, 1).await;
    assert_eq!(mails_to(t, &unknown_email), 0);

    assert_eq!(error_fields(&t.post("/api/v1/user/reset", None, json!({ "email": " " })).await), vec!["email"]);
    assert_eq!(error_fields(&t.post("/api/v1/user/reset", None, json!({ "email": "nope" })).await), vec!["email"]);
    assert_refused(&t.post("/api/v1/user/reset", None, json!({ "mail": email })).await, 400);

    // Three per e-mail per hour...
    for _ in 0..2 {
        assert_eq!(t.post("/api/v1/user/reset", None, json!({ "email": email })).await.value(), &json!(true));
    }
    let r = t.post("/api/v1/user/reset", None, json!({ "email": email })).await;
    assert_refused(&r, 429);
    // The refused request sent nothing.
    assert_mails_to(t, &email, 3).await;
    // ...and ten per client (five so far, counting the refused one).
    for i in 0..5 {
        assert_eq!(
            t.post("/api/v1/user/reset", None, json!({ "email": unique_email(&format!("c{i}")) })).await.status,
            200
        );
    }
    assert_refused(&t.post("/api/v1/user/reset", None, json!({ "email": unique_email("last") })).await, 429);
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

async fn expired_and_wrong_links_are_refused(t: &TestApp) {
    let email = unique_email("expired").to_lowercase();
    let session = register(t, &email).await;
    let user_id = t.get("/api/v1/account/profile", Some(&session)).await.value()["id"].as_i64().unwrap();
    // A link stored as the API stores them, that expired a minute ago.
    let (token, code) = ("E".repeat(43), "123456".to_owned());
    let now = t.state.clock.now();
    let expired_at = now - chrono::Duration::minutes(1);
    let write = t.state.store.begin_write().await.unwrap();
    write
        .create_reset_token(user_id, sha256_hex(&token), sha256_hex(&format!("{token}:{code}")), expired_at, now)
        .await
        .unwrap();
    write.commit().await.unwrap();
    let r = validate(t, &token, &code).await;
    assert_eq!((r.status, r.failure()), (422, EXPIRED));
    let r = set_password(t, &token, &code, json!({ "password": "sneaky but long" })).await;
    assert_eq!((r.status, r.failure()), (422, EXPIRED));
    assert_eq!(t.get("/api/v1/account/profile", Some(&session)).await.status, 200, "the session survives");
    t.login(&email, "correct horse battery").await;

    // An unknown token, and a missing query, are refused too.
    assert_eq!(validate(t, &"Z".repeat(43), "000000").await.status, 422);
    assert_refused(&t.get("/api/v1/user/password/validate?code=123456", None).await, 400);

    // Five wrong codes lock a link, even for the right code.
    t.post("/api/v1/user/reset", None, json!({ "email": email })).await.value();
    let (token, code) = mailed_link(t, &email).await;
    for _ in 0..5 {
        assert_eq!(validate(t, &token, &wrong(&code)).await.status, 422);
    }
    assert_refused(&validate(t, &token, &code).await, 429);
    assert_refused(&set_password(t, &token, &code, json!({ "password": "locked out" })).await, 429);
    t.login(&email, "correct horse battery").await;
}

/// Twenty guesses at once at one link's code: each is counted before it is checked, so exactly
/// the allowance (5) is checked and the rest are refused unchecked; the right code is then refused too.
async fn concurrent_guesses_check_only_the_allowance(t: &TestApp) {
    let email = unique_email("concurrent").to_lowercase();
    register(t, &email).await;
    t.post("/api/v1/user/reset", None, json!({ "email": email })).await.value();
    let (token, code) = mailed_link(t, &email).await;
    let right: u32 = code.parse().unwrap();
    let app = t.app();
    let tasks: Vec<_> = (1..=20u32)
        .map(|i| {
            let uri = format!("/api/v1/user/password/validate?token={token}&code={:06}", (right + i) % 1_000_000);
            let app = app.clone();
            tokio::spawn(async move {
                let res = app.oneshot(Request::get(uri).body(Body::empty()).unwrap()).await.unwrap();
                (res.status().as_u16(), res.headers().contains_key(header::RETRY_AFTER))
            })
        })
        .collect();
    let (mut checked, mut throttled) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            (422, _) => checked += 1,
            (429, true) => throttled += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!((checked, throttled), (5, 15), "only the allowance of guesses was checked");
    assert_refused(&validate(t, &token, &code).await, 429);
}

async fn the_reset_mail_follows_the_accounts_language(t: &TestApp) {
    let email = unique_email("idioma").to_lowercase();
    let session = register(t, &email).await;
    assert_refused(&t.put("/api/v1/account/language/de", Some(&session), json!({})).await, 400);
    let r = t.put("/api/v1/account/language/es", Some(&session), json!({})).await;
    assert_eq!(r.value()["language"], "es");
    assert_eq!(t.get("/api/v1/account/profile", Some(&session)).await.value()["language"], "es");

    // Asked for from an English page, the mail still comes in the account's language.
    let r = t.post("/api/v1/user/reset", None, json!({ "email": email })).await;
    assert_eq!(r.value(), &json!(true));
    let (token, _) = mailed_link(t, &email).await;
    let mail = std::fs::read_dir(t.state.mailer.outbox().unwrap())
        .unwrap()
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default().replace("=\r\n", ""))
        .find(|s| s.contains(&token))
        .unwrap();
    assert!(mail.contains("Hola, Pat") && !mail.contains("Hello Pat"), "{mail}");
    // Quoted-printable writes "=" as "=3D": the link opens the page in Spanish.
    assert!(mail.contains("?lang=3Des") || mail.contains("?lang=es"), "{mail}");
}

/// Issue 47: a sign-up naming an e-mail that has an account is answered as a reset request is (a
/// mail was sent, no session, nothing about the account), and its owner gets a mail saying so, with
/// a reset link that works; the password stays, and sign-ups cannot flood the mailbox.
async fn a_sign_up_with_a_known_email_mails_its_owner(t: &TestApp) {
    let email = unique_email("taken").to_lowercase();
    register(t, &email).await;
    let mut again = crate::api_account::registration(&email.to_uppercase());
    again["password"] = json!("another long passphrase");
    let request = Request::post("/api/v1/account")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(again.to_string()))
        .unwrap();
    let res = t.app().oneshot(request).await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(!res.headers().contains_key(header::SET_COOKIE), "no session for a taken e-mail");
    let body: serde_json::Value =
        serde_json::from_slice(&axum::body::to_bytes(res.into_body(), 1 << 16).await.unwrap()).unwrap();
    assert_eq!(body["value"], json!({ "jwt": null, "mailSent": true }), "{body}");

    let (token, code) = mailed_link(t, &email).await;
    let mail = std::fs::read_dir(t.state.mailer.outbox().unwrap())
        .unwrap()
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default().replace("=\r\n", ""))
        .find(|s| s.contains(&token))
        .unwrap();
    assert!(mail.contains("already has an account") && mail.contains("http://localhost/account/login"), "{mail}");
    assert_eq!(validate(t, &token, &code).await.value(), &json!(true));
    // Nothing changed: the first password still signs in, the second never did.
    t.login(&email, "correct horse battery").await;
    let r = t
        .post("/api/v1/account/login", None, json!({ "Username": email, "Password": "another long passphrase" }))
        .await;
    assert_refused(&r, 401);

    // The address's mail allowance (3 an hour, shared with resets) bounds the mails; the answers stay the same.
    for _ in 0..4 {
        let r = t.post("/api/v1/account", None, crate::api_account::registration(&email)).await;
        assert_eq!(r.value(), &json!({ "jwt": null, "mailSent": true }));
    }
    assert_mails_to(t, &email, 3).await;
}

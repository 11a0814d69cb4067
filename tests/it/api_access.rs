//! The access table: every operation of the OpenAPI document with the role it needs, stated in
//! its `bearer` requirement (`security(("bearer" = ["pantryStaff"]))`; `security(())` for calls
//! anyone may make). The test prints the table, fails when an operation states none, and checks
//! each statement against what the handler's signature does (its caller extractor: none or
//! `MaybeUser` for anyone, `AuthUser` for a shopper, `Caller<Driver>` / `Caller<Volunteer>` /
//! `Caller<PantryStaff>` for staff): no token is 401 exactly where a role is needed, and each role below the one needed
//! is 403.
use crate::{api_support::TestApp, on_both};
use axum::http::Method;
use orderahead::{
    db::seed::{DEMO_DRIVER_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL},
    domain::staff::Access,
};
use serde_json::{Value, json};

on_both!(every_operation_states_its_role_and_keeps_to_it);

/// The role an operation's security requirements state: the least of its alternatives (an empty
/// requirement is anyone); None when it states none.
fn stated(op: &Value) -> Option<Access> {
    let alternatives = op["security"].as_array().filter(|a| !a.is_empty())?;
    alternatives
        .iter()
        .map(|r| match r.as_object() {
            Some(o) if o.is_empty() => Some(Access::Anyone),
            Some(o) => o.get("bearer")?.as_array()?.first()?.as_str().and_then(Access::from_name),
            None => None,
        })
        .collect::<Option<Vec<_>>>()?
        .into_iter()
        .min()
}

async fn every_operation_states_its_role_and_keeps_to_it(t: &TestApp) {
    let doc = t.get("/api/v1/openapi.json", None).await.body;
    let mut rows = Vec::new();
    let mut unstated = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let role = stated(op);
            if role.is_none() {
                unstated.push(format!("{} {path}", method.to_uppercase()));
            }
            rows.push((path.clone(), method.to_uppercase(), role));
        }
    }
    rows.sort();
    let table: Vec<String> = rows
        .iter()
        .map(|(path, method, role)| format!("{method:7} {path:60} {}", role.map_or("NONE STATED", Access::name)))
        .collect();
    println!("Access table ({} operations):\n{}", rows.len(), table.join("\n"));
    assert!(unstated.is_empty(), "operations that state no role: {unstated:?}");

    // One caller per role; each call gets a token of its own, so a sign-out in the table ends
    // only its own session.
    // A shopper and nothing more (every staff member is a shopper too).
    let shopper = t.state.store.test_shopper(&format!("access-{}@example.org", uuid::Uuid::new_v4())).await.unwrap();
    let driver = t.state.store.test_user_id(DEMO_DRIVER_EMAIL).await.unwrap().unwrap();
    let volunteer = t.state.store.test_user_id(DEMO_VOLUNTEER_EMAIL).await.unwrap().unwrap();
    let staff = t.state.store.test_user_id(DEMO_STAFF_EMAIL).await.unwrap().unwrap();
    let callers: [(Option<i64>, Access); 5] = [
        (None, Access::Anyone),
        (Some(shopper), Access::Shopper),
        (Some(driver), Access::Driver),
        (Some(volunteer), Access::Volunteer),
        (Some(staff), Access::PantryStaff),
    ];
    let ids = regex_lite::Regex::new(r"\{[^}]+\}").unwrap();
    for (path, method, role) in &rows {
        let role = role.expect("stated");
        let uri = format!("/api/v1{}", ids.replace_all(path, "1"));
        let m = Method::from_bytes(method.as_bytes()).unwrap();
        for (user, has) in callers {
            // At the account's current version: "sign out everywhere" in the table moves it on.
            let token = match user {
                Some(id) => {
                    let version = crate::households::count(
                        t,
                        "SELECT token_version AS n FROM users WHERE id = ?",
                        vec![id.into()],
                    );
                    Some(t.state.tokens.issue(id, i32::try_from(version.await).unwrap()).unwrap())
                }
                None => None,
            };
            let body = matches!(m, Method::POST | Method::PUT).then(|| json!({}));
            let r = t.call(m.clone(), &uri, token.as_deref(), body).await;
            let expected_refusal = match (has >= role, user) {
                (true, _) => None,
                (false, None) => Some(401),
                (false, Some(_)) => Some(403),
            };
            match expected_refusal {
                Some(status) => {
                    assert_eq!(r.status, status, "{method} {path} ({}) as {}: {}", role.name(), has.name(), r.body)
                }
                None => assert!(
                    r.status != 401 && r.status != 403,
                    "{method} {path} ({}) refuses {}: {} {}",
                    role.name(),
                    has.name(),
                    r.status,
                    r.body
                ),
            }
        }
    }
}

//! Staff administration on both databases (issue 25 item 4): a food bank admin changes a grant's
//! role and place and revokes it; revoking someone's last grant ends their sessions at once (their
//! token and cookie get 401 on the next request); every change is in the audit log, which filters
//! by pantry, person, kind of change and days, on the page and in its CSV; and nobody but the
//! food bank's admin changes its grants.
use crate::{
    api_orders::{CHICAGO, DRIVING_PARK, MAIN, fresh, pantry},
    api_pick_list::page,
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use chrono::Utc;
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::{Value, json};

on_both!(
    role_and_scope_change_and_revoking_the_last_grant_ends_the_session,
    the_audit_log_filters_and_exports_csv,
    only_the_food_banks_admin_changes_its_grants,
);

/// The id of `email`'s grant at the pantry `pantry_id` (or, None, at a food bank), from the team.
async fn grant_of(t: &TestApp, admin: &str, email: &str, pantry_id: Option<i64>) -> i64 {
    let team = t.get("/api/v1/staff/team", Some(admin)).await;
    let grants = team.value()["grants"].as_array().unwrap().clone();
    grants
        .iter()
        .find(|g| g["email"] == email && g["pantryId"].as_i64() == pantry_id)
        .unwrap_or_else(|| panic!("{email}'s grant at {pantry_id:?}: {grants:?}"))["id"]
        .as_i64()
        .unwrap()
}

async fn role_and_scope_change_and_revoking_the_last_grant_ends_the_session(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let (main, park) = (pantry(t, MAIN).await, pantry(t, DRIVING_PARK).await);
    let grant = grant_of(t, &admin, DEMO_VOLUNTEER_EMAIL, Some(main)).await;
    let queue = |p: i64| format!("/api/v1/staff/queue?pantry={p}");
    assert_eq!(t.get(&queue(main), Some(&volunteer)).await.status, 403, "a volunteer has no queue");

    // Role: volunteer to pantry staff, at once.
    let r =
        t.put(&format!("/api/v1/staff/team/{grant}"), Some(&admin), json!({ "role": "staff", "pantryId": main })).await;
    assert_eq!(r.value()["email"], DEMO_VOLUNTEER_EMAIL);
    assert_eq!(r.value()["signedOut"], false);
    assert_eq!(t.get(&queue(main), Some(&volunteer)).await.status, 200, "staff now");

    // Scope: to another pantry; the first is no longer theirs.
    let r =
        t.put(&format!("/api/v1/staff/team/{grant}"), Some(&admin), json!({ "role": "staff", "pantryId": park })).await;
    r.value();
    assert_eq!(t.get(&queue(park), Some(&volunteer)).await.status, 200);
    assert_eq!(t.get(&queue(main), Some(&volunteer)).await.status, 404, "another pantry's queue names nothing");
    assert_eq!(grant_of(t, &admin, DEMO_VOLUNTEER_EMAIL, Some(park)).await, grant, "the same grant, moved");

    // A role that does not fit its place is refused at its field, nothing changed.
    let r =
        t.put(&format!("/api/v1/staff/team/{grant}"), Some(&admin), json!({ "role": "admin", "pantryId": main })).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.body["value"]["errors"][0]["field"], "place", "{}", r.body);
    let r =
        t.put(&format!("/api/v1/staff/team/{grant}"), Some(&admin), json!({ "role": "boss", "pantryId": main })).await;
    assert_eq!(r.body["value"]["errors"][0]["field"], "role", "{}", r.body);
    assert_eq!(t.get(&queue(park), Some(&volunteer)).await.status, 200);

    // A person with another grant keeps their session when one is revoked.
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let staff_main = grant_of(t, &admin, DEMO_STAFF_EMAIL, Some(main)).await;
    let r = t.delete(&format!("/api/v1/staff/team/{staff_main}"), Some(&admin)).await;
    assert_eq!(r.value()["signedOut"], false);
    assert_eq!(t.get(&queue(park), Some(&staff)).await.status, 200, "still staff of Driving Park");
    assert_eq!(t.get(&queue(main), Some(&staff)).await.status, 404);

    // Revoking the last grant ends every session of the account at once: bearer and cookie.
    let (status, _, _) = page(t, "/staff/check-in", Some(&volunteer)).await;
    assert_eq!(status, 200);
    let r = t.delete(&format!("/api/v1/staff/team/{grant}"), Some(&admin)).await;
    assert_eq!(r.value()["signedOut"], true, "{}", r.body);
    assert_eq!(t.get("/api/v1/account/profile", Some(&volunteer)).await.status, 401, "signed out at once");
    assert_eq!(t.get(&queue(park), Some(&volunteer)).await.status, 401);
    let (status, _, _) = page(t, "/staff/audit.csv", Some(&volunteer)).await;
    assert_eq!(status, 401, "the cookie too");
    // The grant is gone; a second revoke names nothing.
    let r = t.delete(&format!("/api/v1/staff/team/{grant}"), Some(&admin)).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (404, Some("grantNotFound")), "{}", r.body);
    let team = t.get("/api/v1/staff/team", Some(&admin)).await;
    assert!(!team.value()["grants"].as_array().unwrap().iter().any(|g| g["email"] == DEMO_VOLUNTEER_EMAIL));
}

/// The audit page's entries for `query`, through the API.
async fn audit(t: &TestApp, admin: &str, query: &str) -> Value {
    let r = t.get(&format!("/api/v1/staff/audit?{query}"), Some(admin)).await;
    r.value().clone()
}

fn actions(page: &Value) -> Vec<String> {
    page["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap().to_owned()).collect()
}

async fn the_audit_log_filters_and_exports_csv(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (main, park) = (pantry(t, MAIN).await, pantry(t, DRIVING_PARK).await);
    // The admin changes a grant; the pantry staff hide an item: two people, two kinds of change.
    let grant = grant_of(t, &admin, DEMO_VOLUNTEER_EMAIL, Some(main)).await;
    t.put(&format!("/api/v1/staff/team/{grant}"), Some(&admin), json!({ "role": "volunteer", "pantryId": park }))
        .await
        .value();
    let items = t.get(&format!("/api/v1/staff/items?pantry={main}"), Some(&staff)).await;
    let item = items.value()["items"][0]["id"].as_i64().expect("an item of the Main Library");
    t.put(&format!("/api/v1/staff/items/{item}/active"), Some(&staff), json!({ "active": false })).await.value();
    // An invitation is a change too, filed at the pantry it grants at.
    let invite = json!({ "email": "new-volunteer@example.org", "role": "volunteer", "pantryId": park });
    t.post("/api/v1/staff/team", Some(&admin), invite).await.value();
    let invited = grant_of(t, &admin, "new-volunteer@example.org", Some(park)).await;
    let made = audit(t, &admin, &format!("action=staffGrant.create&pantry={park}")).await;
    let entry = made["entries"].as_array().unwrap().iter().find(|e| e["subject"] == format!("staffGrant:{invited}"));
    let entry = entry.unwrap_or_else(|| panic!("the invitation's entry: {made}"));
    assert!(entry.to_string().contains("new-volunteer@example.org"), "what was granted, after: {entry}");

    let all = audit(t, &admin, "").await;
    let people: Vec<&str> = all["people"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert!(people.contains(&DEMO_ADMIN_EMAIL) && people.contains(&DEMO_STAFF_EMAIL), "{people:?}");
    let kinds: Vec<&str> = all["actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert!(
        kinds.contains(&"staffGrant.update") && kinds.contains(&"staffGrant.create") && kinds.contains(&"item.hide"),
        "{kinds:?}"
    );
    let admin_id = all["people"].as_array().unwrap().iter().find(|p| p["name"] == DEMO_ADMIN_EMAIL).unwrap()["id"]
        .as_i64()
        .unwrap();

    // By person.
    let mine = audit(t, &admin, &format!("person={admin_id}")).await;
    assert!(!mine["entries"].as_array().unwrap().is_empty());
    assert!(mine["entries"].as_array().unwrap().iter().all(|e| e["who"] == DEMO_ADMIN_EMAIL), "{mine}");
    // By kind of change.
    let hidden = audit(t, &admin, "action=item.hide").await;
    assert_eq!(actions(&hidden), ["item.hide"], "{hidden}");
    // By pantry: the grant moved to Driving Park is filed there.
    let at_park = audit(t, &admin, &format!("pantry={park}")).await;
    assert!(actions(&at_park).contains(&"staffGrant.update".to_owned()), "{at_park}");
    assert!(!actions(&at_park).contains(&"item.hide".to_owned()));
    // By days: today holds them; a day in the past holds none of them.
    let today = Utc::now().date_naive();
    let days = audit(
        t,
        &admin,
        &format!("action=item.hide&from={}&to={}", today.pred_opt().unwrap(), today.succ_opt().unwrap()),
    )
    .await;
    assert_eq!(actions(&days).len(), 1);
    let old = audit(t, &admin, "action=item.hide&from=2020-01-01&to=2020-01-31").await;
    assert!(actions(&old).is_empty());
    // A range that ends before it starts is refused at its field.
    let r = t.get("/api/v1/staff/audit?from=2026-02-02&to=2026-02-01", Some(&admin)).await;
    assert_eq!((r.status, r.body["value"]["errors"][0]["field"].as_str()), (400, Some("to")), "{}", r.body);

    // The page filters the same way without JavaScript (GET form), and refuses the same way.
    let (status, _, html) =
        page(t, &format!("/staff/audit?person={admin_id}&action=staffGrant.update"), Some(&admin)).await;
    assert_eq!(status, 200);
    assert!(html.contains("/staff/audit.csv?") && html.contains(DEMO_ADMIN_EMAIL), "the CSV link carries the filter");
    let (status, _, _) = page(t, "/staff/audit?from=2026-02-02&to=2026-02-01", Some(&admin)).await;
    assert_eq!(status, 422);
    let (status, _, _) = page(t, "/staff/audit?from=yesterday", Some(&admin)).await;
    assert_eq!(status, 422);

    // The CSV holds the filtered entries: a title row, then one row per changed field.
    let (status, headers, csv) = page(t, "/staff/audit.csv?action=item.hide", Some(&admin)).await;
    assert_eq!(status, 200, "{csv}");
    assert!(headers["content-type"].to_str().unwrap().starts_with("text/csv"));
    assert!(headers["content-disposition"].to_str().unwrap().contains("audit-log.csv"));
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    let titles = rows.headers().unwrap().clone();
    assert_eq!(titles.len(), 8, "{titles:?}");
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| &r[1] == DEMO_STAFF_EMAIL && &r[3] == "Item hidden"), "the kind's name: {rows:?}");
    assert!(rows.iter().any(|r| &r[5] == "active" && &r[6] == "true" && &r[7] == "false"), "{rows:?}");
    let (status, _, csv_es) = page(t, "/staff/audit.csv?action=item.hide&lang=es", Some(&admin)).await;
    assert_eq!(status, 200);
    assert!(csv_es.starts_with("Cuándo,"), "titles in Spanish: {csv_es}");
    assert!(csv_es.contains(",Artículo ocultado,"), "kinds in Spanish: {csv_es}");
    let (status, _, text) = page(t, "/staff/audit.csv?from=2026-02-02&to=2026-02-01&lang=es", Some(&admin)).await;
    assert_eq!(status, 400);
    assert_eq!(text, "Revise el filtro: to");
    // Only the admin: staff are refused, signed out is 401.
    let (status, _, text) = page(t, "/staff/audit.csv", Some(&staff)).await;
    assert_eq!((status, text.as_str()), (403, "This page is for food bank admins only."));
    assert_eq!(page(t, "/staff/audit.csv", None).await.0, 401);
}

async fn only_the_food_banks_admin_changes_its_grants(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let shopper = fresh(t).await;
    let main = pantry(t, MAIN).await;
    let grant = grant_of(t, &admin, DEMO_VOLUNTEER_EMAIL, Some(main)).await;
    let change = json!({ "role": "staff", "pantryId": main });
    let path = format!("/api/v1/staff/team/{grant}");
    for (who, token) in [("staff", &staff), ("volunteer", &volunteer), ("shopper", &shopper.token)] {
        assert_eq!(t.put(&path, Some(token), change.clone()).await.status, 403, "{who}");
        assert_eq!(t.delete(&path, Some(token)).await.status, 403, "{who}");
    }
    assert_eq!(t.put(&path, None, change.clone()).await.status, 401);
    assert_eq!(t.delete(&path, None).await.status, 401);
    assert_eq!(t.get("/api/v1/staff/audit", Some(&staff)).await.status, 403);

    // Another food bank's grant names nothing to this admin; its pantries are not theirs to grant.
    let chicago = pantry(t, CHICAGO).await;
    orderahead::add_staff(
        &t.state.store,
        "http://localhost",
        "chicago-volunteer@example.org",
        orderahead::domain::staff::StaffRole::Volunteer,
        orderahead::db::repo::staff::grants::GrantPlace::Pantry(chicago),
        None,
        t.state.clock.now(),
    )
    .await
    .unwrap();
    let other = t.state.store.test_user_id("chicago-volunteer@example.org").await.unwrap().unwrap();
    let theirs = t.state.store.test_grant_ids(other).await.unwrap()[0];
    let r = t.delete(&format!("/api/v1/staff/team/{theirs}"), Some(&admin)).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (404, Some("grantNotFound")), "{}", r.body);
    let r = t.put(&path, Some(&admin), json!({ "role": "staff", "pantryId": chicago })).await;
    assert_eq!(r.status, 403, "{}", r.body);

    // Nor does an admin change or revoke their own grant.
    let own = grant_of(t, &admin, DEMO_ADMIN_EMAIL, None).await;
    let r = t.delete(&format!("/api/v1/staff/team/{own}"), Some(&admin)).await;
    assert_eq!((r.status, r.body["value"]["errors"][0]["field"].as_str()), (400, Some("grant")), "{}", r.body);
    // Nothing was changed by any of it.
    assert_eq!(grant_of(t, &admin, DEMO_VOLUNTEER_EMAIL, Some(main)).await, grant);
    assert_eq!(t.get("/api/v1/account/profile", Some(&volunteer)).await.status, 200);
    let log = t.get("/api/v1/staff/audit?action=staffGrant.revoke", Some(&admin)).await;
    assert!(log.value()["entries"].as_array().unwrap().is_empty());
}

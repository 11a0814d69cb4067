use crate::{api_support::TestApp, on_both};

on_both!(genders_and_races_are_listed, unknown_api_paths_answer_the_envelope);

async fn genders_and_races_are_listed(t: &TestApp) {
    for path in ["/api/v1/genders", "/api/v1/races"] {
        let r = t.get(path, None).await;
        assert_eq!(r.status, 200);
        let list = r.value().as_array().unwrap();
        assert!(list.len() >= 2, "{path}: {list:?}");
        assert!(list.iter().all(|g| g["id"].is_i64() && g["name"].is_string()));
    }
}

async fn unknown_api_paths_answer_the_envelope(t: &TestApp) {
    let r = t.get("/api/v1/no/such/thing", None).await;
    assert_eq!(r.status, 404);
    assert!(!r.failure().is_empty());
    let r = t.delete("/api/v1/genders", None).await;
    assert_eq!(r.status, 405);
    assert!(!r.failure().is_empty());
}

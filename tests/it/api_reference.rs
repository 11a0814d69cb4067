use crate::{api_support::TestApp, on_both};

on_both!(genders_and_races_are_listed, unknown_api_paths_answer_the_envelope, genders_and_races_come_in_spanish_too);

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

async fn genders_and_races_come_in_spanish_too(t: &TestApp) {
    use axum::{body::Body, http::Request};
    let names = |r: &crate::api_support::ApiReply| -> Vec<String> {
        r.value().as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_owned()).collect()
    };
    let english = t.get("/api/v1/genders", None).await;
    let spanish = t.send(Request::get("/api/v1/genders?lang=es").body(Body::empty()).unwrap()).await;
    assert_eq!(english.value().as_array().unwrap().len(), spanish.value().as_array().unwrap().len());
    assert!(names(&english).contains(&"Female".to_owned()));
    assert!(names(&spanish).contains(&"Mujer".to_owned()) && !names(&spanish).contains(&"Female".to_owned()));
    let races =
        t.send(Request::get("/api/v1/races").header("accept-language", "es").body(Body::empty()).unwrap()).await;
    assert!(names(&races).contains(&"Hispano o latino".to_owned()));
}

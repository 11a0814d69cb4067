//! Issue 47, words: the change log (`/staff/audit`) names every kind of change the server records,
//! in its filter, its rows and its CSV, in English and in Spanish; no raw code (`pantry.create`)
//! shows where a person reads it. On both databases.
use crate::{api_pick_list::page, api_staff::token_of, api_support::TestApp, on_both};
use orderahead::{
    db::{repo::audit::AuditEntry, seed::DEMO_ADMIN_EMAIL},
    domain::audit::AuditAction,
};

on_both!(the_change_log_shows_words_not_codes);

/// Every kind of change the server records, as the change log lists it: each kind's code must not
/// show where a person reads it, only its name.
async fn the_change_log_shows_words_not_codes(t: &TestApp) {
    let admin_id = t.state.store.test_user_id(DEMO_ADMIN_EMAIL).await.unwrap().unwrap();
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let posts = t.state.store.staff_posts(admin_id).await.unwrap();
    let food_bank = posts.iter().find(|p| p.pantry_id.is_none()).expect("the admin's food bank").food_bank_id;
    let pantry = posts.iter().find_map(|p| p.pantry_id).expect("a pantry of the admin's food bank");
    // One entry of each kind, as the changes write them (the log is what the page reads).
    for (i, action) in AuditAction::ALL.iter().enumerate() {
        let entry = AuditEntry::change(
            admin_id,
            (food_bank, Some(pantry)),
            *action,
            format!("thing:{i}"),
            None,
            Some(&serde_json::json!({ "n": i })),
        );
        t.state.store.audit(entry, chrono::Utc::now()).await.unwrap();
    }
    let script = regex_lite::Regex::new(r"(?s)<script.*?</script>").unwrap();
    let tag = regex_lite::Regex::new(r"(?s)<[^>]*>").unwrap();
    for lang in ["en", "es"] {
        // The page: its filter's options and its rows (50 a page: all of them fit).
        let (status, _, html) = page(t, &format!("/staff/audit?lang={lang}"), Some(&admin)).await;
        assert_eq!(status, 200);
        let text = tag.replace_all(&script.replace_all(&html, ""), "\n").into_owned();
        for action in AuditAction::ALL {
            let shown: Vec<&str> = text.lines().map(str::trim).filter(|l| l.contains(action.code())).collect();
            assert!(shown.is_empty(), "{lang}: the change log shows the code {}: {shown:?}", action.code());
            let option = format!(r#"<option value="{}">"#, action.code());
            assert!(html.contains(&option), "{lang}: the filter offers {}", action.code());
        }
        // The CSV: the column of kinds holds names.
        let (status, _, csv) = page(t, &format!("/staff/audit.csv?lang={lang}"), Some(&admin)).await;
        assert_eq!(status, 200, "{csv}");
        let mut rows = csv::Reader::from_reader(csv.as_bytes());
        let kinds: Vec<String> = rows.records().map(|r| r.unwrap()[3].to_owned()).collect();
        assert!(kinds.len() >= AuditAction::ALL.len(), "{lang}: {csv}");
        for action in AuditAction::ALL {
            assert!(!kinds.iter().any(|k| k == action.code()), "{lang}: the CSV shows the code {}", action.code());
        }
        let pantry_added = if lang == "en" { "Pantry added" } else { "Despensa agregada" };
        assert!(kinds.iter().any(|k| k == pantry_added), "{lang}: {kinds:?}");
    }
}

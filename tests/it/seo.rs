//! What search engines read: robots.txt, the sitemap (its pantries, their lastmod kept fresh by
//! the database, and the index past the page size), canonical and alternate links, and the
//! server-rendered Not Found page with a 404 for addresses that name nothing.
use crate::{
    api_orders::{FAITH_MISSION, MAIN, pantry},
    api_support::TestApp,
    on_both,
    support::{Reply, app, get},
};
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use sea_orm::ConnectionTrait;

on_both!(
    sitemap_lists_pages_of_enabled_food_banks_with_lastmod,
    sitemap_lastmod_follows_pantry_and_pickup_time_changes,
    sitemap_becomes_an_index_past_the_page_size,
);

/// What `http::Config::for_tests` builds links on.
const ORIGIN: &str = "http://localhost";

/// `(loc, lastmod)` of every entry of a sitemap file or index, in order.
fn entries(xml: &str) -> Vec<(String, Option<String>)> {
    let re = regex_lite::Regex::new(r"<loc>([^<]*)</loc>(?:<lastmod>([^<]*)</lastmod>)?").unwrap();
    re.captures_iter(xml).map(|c| (c[1].to_owned(), c.get(2).map(|m| m.as_str().to_owned()))).collect()
}

fn lastmod_of(xml: &str, loc: &str) -> Option<String> {
    entries(xml).into_iter().find(|(l, _)| l == loc).unwrap_or_else(|| panic!("{loc} listed in {xml}")).1
}

fn assert_xml(r: &Reply) {
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.headers["content-type"], "application/xml");
    assert!(r.body.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), "{}", r.body);
}

async fn exec(t: &TestApp, sql: &str) {
    t.db().execute_unprepared(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn sitemap_lists_pages_of_enabled_food_banks_with_lastmod(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let faith = pantry(t, FAITH_MISSION).await;
    let denver = pantry(t, "Denver Public Library - Central Library").await;
    let seattle = pantry(t, "Seattle Public Library - Ballard Branch").await;
    let r = get(t.app(), "/sitemap.xml").await;
    assert_xml(&r);
    assert!(r.body.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "));
    let all = entries(&r.body);
    assert_eq!(all[0], (format!("{ORIGIN}/"), None), "home first, without a change time");
    for id in [main, faith, denver, seattle] {
        let lastmod = lastmod_of(&r.body, &format!("{ORIGIN}/pantries/{id}")).expect("a pantry has a lastmod");
        DateTime::parse_from_rfc3339(&lastmod).unwrap_or_else(|e| panic!("{lastmod}: {e}"));
    }
    // Only pages meaningful without a query: no search, shop, cart or account pages; each in
    // English and at its address in every other language.
    assert!(all.iter().all(|(loc, _)| {
        let page = loc.split_once("?lang=").map_or(loc.as_str(), |(page, _)| page);
        page == format!("{ORIGIN}/") || page.starts_with(&format!("{ORIGIN}/pantries/"))
    }));
    let langs = orderahead::catalog::Lang::all().count();
    assert_eq!(all.iter().filter(|(loc, _)| !loc.contains("?lang=")).count() * langs, all.len());
    assert_eq!(all.iter().filter(|(loc, _)| loc.ends_with("?lang=ar")).count() * langs, all.len());
    let spanish = lastmod_of(&r.body, &format!("{ORIGIN}/pantries/{main}?lang=es"));
    assert_eq!(spanish, lastmod_of(&r.body, &format!("{ORIGIN}/pantries/{main}")));

    // A disabled food bank's pantries, and an inactive pantry, are left out.
    exec(t, "UPDATE food_banks SET is_enabled = FALSE WHERE code = 'DEN'").await;
    exec(t, &format!("UPDATE pantry_locations SET is_active = FALSE WHERE id = {seattle}")).await;
    let after = get(t.app(), "/sitemap.xml").await;
    assert_xml(&after);
    let locs: Vec<String> = entries(&after.body).into_iter().map(|(l, _)| l).collect();
    assert!(!locs.contains(&format!("{ORIGIN}/pantries/{denver}")), "disabled food bank listed");
    assert!(!locs.contains(&format!("{ORIGIN}/pantries/{seattle}")), "inactive pantry listed");
    assert!(locs.contains(&format!("{ORIGIN}/pantries/{main}")));
    assert!(locs.contains(&format!("{ORIGIN}/pantries/{faith}")), "restricted pantries are listed");
    assert!(locs.len() < all.len());
}

async fn sitemap_lastmod_follows_pantry_and_pickup_time_changes(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let loc = format!("{ORIGIN}/pantries/{main}");
    // After the demo pantries' creation (300 days ago), long before now.
    let at = (Utc::now() - Duration::days(100)).to_rfc3339_opts(SecondsFormat::Secs, false);
    let old = at.replace("+00:00", "Z");
    let aged = format!("UPDATE pantry_locations SET updated_at = '{at}' WHERE id = {main}");
    let age = || exec(t, &aged);
    let lastmod = || async { lastmod_of(&get(t.app(), "/sitemap.xml").await.body, &loc).expect("lastmod") };
    let recent = |at: String| {
        let at = DateTime::parse_from_rfc3339(&at).unwrap().with_timezone(&Utc);
        assert!((Utc::now() - at).abs() < Duration::minutes(5), "{at} is not just now");
    };

    age().await;
    assert_eq!(lastmod().await, old, "the stored change time is what the sitemap shows");
    // A changed pickup time is a change of the pantry's page.
    exec(t, &format!("UPDATE pickup_times SET pickup_end_time = pickup_end_time WHERE pantry_location_id = {main}"))
        .await;
    recent(lastmod().await);
    age().await;
    exec(
        t,
        &format!(
            "DELETE FROM pickup_times WHERE id = (SELECT MAX(id) FROM pickup_times WHERE pantry_location_id = {main} \
             AND id NOT IN (SELECT pickup_time_id FROM orders WHERE pickup_time_id IS NOT NULL))"
        ),
    )
    .await;
    recent(lastmod().await);
    // So is a change of the pantry itself.
    age().await;
    exec(t, &format!("UPDATE pantry_locations SET pickup_instructions = 'Ring the bell.' WHERE id = {main}")).await;
    recent(lastmod().await);
    // Other pantries keep theirs.
    let other = pantry(t, FAITH_MISSION).await;
    exec(t, &format!("UPDATE pantry_locations SET updated_at = '{at}' WHERE id = {other}")).await;
    exec(t, &format!("UPDATE pantry_locations SET label = label WHERE id = {main}")).await;
    assert_eq!(
        lastmod_of(&get(t.app(), "/sitemap.xml").await.body, &format!("{ORIGIN}/pantries/{other}")).unwrap(),
        old
    );
}

async fn sitemap_becomes_an_index_past_the_page_size(t: &TestApp) {
    let whole = entries(&get(t.app(), "/sitemap.xml").await.body);
    // The home page in every language, then some pantries' URLs: the first file has a change time.
    let size = orderahead::catalog::Lang::all().count() + 5;
    let small = t.app_with_config(|c| c.sitemap_page_size = size);
    let r = get(small.clone(), "/sitemap.xml").await;
    assert_xml(&r);
    assert!(r.body.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""), "{}", r.body);
    let files = entries(&r.body);
    assert_eq!(files.len(), whole.len().div_ceil(size));
    let mut listed = Vec::new();
    for (i, (loc, lastmod)) in files.iter().enumerate() {
        assert_eq!(loc, &format!("{ORIGIN}/sitemap-{}.xml", i + 1));
        assert!(lastmod.is_some(), "each file carries its newest change");
        let file = get(small.clone(), &format!("/sitemap-{}.xml", i + 1)).await;
        assert_xml(&file);
        assert!(file.body.contains("<urlset "));
        let part = entries(&file.body);
        assert!(!part.is_empty() && part.len() <= size, "{} URLs in {loc}", part.len());
        listed.extend(part);
    }
    assert_eq!(listed, whole, "the files together list every URL once, in order");
    for missing in [format!("/sitemap-{}.xml", files.len() + 1), "/sitemap-0.xml".into(), "/sitemap-x.xml".into()] {
        assert_eq!(get(small.clone(), &missing).await.status, 404, "{missing}");
    }
    // Without the split there are no numbered files.
    assert_eq!(get(t.app(), "/sitemap-1.xml").await.status, 404);
}

#[tokio::test]
async fn robots_txt_opens_public_pages_and_names_the_sitemap() {
    let r = get(app().await, "/robots.txt").await;
    assert_eq!(r.status, 200);
    assert!(r.headers["content-type"].to_str().unwrap().starts_with("text/plain"));
    let lines: Vec<&str> = r.body.lines().collect();
    for line in [
        "User-agent: *",
        "Allow: /",
        "Disallow: /account",
        "Disallow: /cart",
        "Disallow: /api/",
        "Disallow: /_data",
        "Sitemap: http://localhost/sitemap.xml",
    ] {
        assert!(lines.contains(&line), "{line} in {}", r.body);
    }
    assert!(!lines.contains(&"Disallow: /pantries"), "{}", r.body);
}

/// A pantry id of the shared test server's data, from its sitemap.
async fn some_pantry() -> String {
    let sitemap = get(app().await, "/sitemap.xml").await.body;
    let (loc, _) =
        entries(&sitemap).into_iter().find(|(l, _)| l.contains("/pantries/") && !l.contains('?')).expect("a pantry");
    loc.rsplit('/').next().unwrap().to_owned()
}

#[tokio::test]
async fn pages_carry_canonical_and_alternate_language_links() {
    let id = some_pantry().await;
    for path in ["/".to_owned(), format!("/pantries/{id}")] {
        let r = get(app().await, &path).await;
        assert_eq!(r.status, 200, "{path}");
        let url = format!("{ORIGIN}{path}");
        for link in [
            format!(r#"<link rel="canonical" href="{url}">"#),
            format!(r#"<link rel="alternate" hreflang="en" href="{url}">"#),
            format!(r#"<link rel="alternate" hreflang="es" href="{url}?lang=es">"#),
            format!(r#"<link rel="alternate" hreflang="x-default" href="{url}">"#),
        ] {
            assert!(r.body.contains(&link), "{path}: {link}");
        }
        // The Spanish page names itself as canonical.
        let es = get(app().await, &format!("{path}?lang=es")).await;
        let canonical = format!(r#"<link rel="canonical" href="{url}?lang=es">"#);
        assert!(es.body.contains(&canonical), "{path}: {canonical}");
    }
}

#[tokio::test]
async fn addresses_naming_nothing_are_the_server_rendered_not_found_page() {
    let id = some_pantry().await;
    for path in [
        "/products?pantry=abc",
        "/products?pantry=999999",
        "/products?delivery=abc",
        "/products?delivery=999999",
        "/products/1?pantry=999999",
        "/pantries/999999",
        "/pantries/abc",
        "/home/modal/999999",
        "/home/modal/no-such-card",
    ] {
        let r = get(app().await, path).await;
        assert_eq!(r.status, 404, "{path}: {}", r.body);
        assert!(r.body.contains("<h1>Sorry, this page cannot be found.</h1>"), "{path}: {}", r.body);
        assert!(r.body.contains("Go Home"), "{path}");
        assert!(r.body.contains(r#""ssr":true"#), "{path} is server-rendered");
        // An unknown card keeps its route, whose client goes home (spec §2); the rest are Not Found.
        let route = if path.starts_with("/home/modal/") { "home-modal" } else { "not-found" };
        assert!(r.body.contains(&format!(r#""route":"{route}""#)), "{path} hydrates as {route}");
        let data = get(app().await, &format!("/_data?url={}", urlencode(path))).await;
        assert_eq!(data.status, 404, "{path}");
        let v: serde_json::Value = serde_json::from_str(&data.body).unwrap();
        assert_eq!(v["route"], route, "client navigation to {path}");
    }
    // What does exist still answers.
    let home: serde_json::Value = serde_json::from_str(&get(app().await, "/_data?url=%2F").await.body).unwrap();
    let card = home["data"]["infoSections"][0]["cards"][0]["id"].as_str().expect("an info card").to_owned();
    for path in [format!("/pantries/{id}"), format!("/products?pantry={id}"), format!("/home/modal/{card}")] {
        let r = get(app().await, &path).await;
        assert_eq!(r.status, 200, "{path}");
        assert!(!r.body.contains(">Sorry, this page cannot be found.<"), "{path}");
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

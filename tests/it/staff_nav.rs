//! Issue 47, navigation, on both databases. Each demo staff member signs in, starts at `/staff`
//! and follows the staff links of the server-rendered pages: they reach every section page their
//! role may open (`domain::staff::SECTIONS`, the staff side's access table) and no page they may
//! not; the table itself is held to each page's own guard.
use crate::{
    api_pick_list::page,
    api_support::{DEMO_PASSWORD, TestApp},
    on_both,
};
use orderahead::{
    db::seed::{DEMO_ADMIN_EMAIL, DEMO_DRIVER_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL},
    domain::staff::{Access, SECTIONS},
};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

on_both!(each_role_reaches_by_links_every_page_it_may_open_and_no_other);

/// The demo's staff members with the access their grants give.
const PEOPLE: [(&str, Access); 4] = [
    (DEMO_ADMIN_EMAIL, Access::FoodBankAdmin),
    (DEMO_STAFF_EMAIL, Access::PantryStaff),
    (DEMO_VOLUNTEER_EMAIL, Access::Volunteer),
    (DEMO_DRIVER_EMAIL, Access::Driver),
];

/// The same-origin staff links of a page's HTML (downloads left out: they are files, not pages).
fn staff_links(html: &str) -> Vec<String> {
    let href = regex_lite::Regex::new(r##"href="(/staff[^"#]*)""##).unwrap();
    href.captures_iter(html)
        .map(|c| c[1].replace("&amp;", "&"))
        .filter(|link| {
            let path = link.split('?').next().unwrap_or_default();
            path == "/staff" || path.starts_with("/staff/") && !path.ends_with(".csv")
        })
        .collect()
}

/// One page per kind of address: `/staff/stock/12` stands for every item's history.
fn kind_of(link: &str) -> String {
    let path = link.split('?').next().unwrap_or_default();
    path.split('/')
        .map(|s| if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) { "#" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

async fn each_role_reaches_by_links_every_page_it_may_open_and_no_other(t: &TestApp) {
    for (email, access) in PEOPLE {
        let token = t.login(email, DEMO_PASSWORD).await;
        let allowed: BTreeSet<&str> = SECTIONS.iter().filter(|(_, needs)| access >= *needs).map(|(p, _)| *p).collect();

        // The table keeps to each page's guard: a section answers this person exactly when its row says so.
        for (path, needs) in SECTIONS {
            let (status, _, _) = page(t, path, Some(&token)).await;
            let expected = if access >= needs { 200 } else { 403 };
            assert_eq!(status, expected, "{email} opening {path} (needs {})", needs.name());
        }

        // Follow the links from /staff, one page of each kind.
        let mut seen_kinds = BTreeSet::new();
        let mut queue = VecDeque::from(["/staff".to_owned()]);
        let mut reached: BTreeMap<String, String> = BTreeMap::new();
        while let Some(link) = queue.pop_front() {
            if !seen_kinds.insert(kind_of(&link)) {
                continue;
            }
            let (status, _, html) = page(t, &link, Some(&token)).await;
            assert_eq!(status, 200, "{email} followed a link to {link}, which answered {status}");
            reached.insert(kind_of(&link), link.clone());
            queue.extend(staff_links(&html));
        }
        let sections: BTreeSet<&str> = SECTIONS.iter().map(|(p, _)| *p).filter(|p| reached.contains_key(*p)).collect();
        assert_eq!(sections, allowed, "{email}: the sections reached by links from /staff (pages: {reached:?})");
    }
}

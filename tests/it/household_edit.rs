//! Staff correct a kept household (issue 49 item 2) on both databases, through the household
//! page's form as a browser without JavaScript sends it: the edit is saved with its audit entry
//! (which household, no facts), the intake search finds the new name and no longer the old one,
//! an edit that makes it alike another record lists that record to merge, bad input is refused
//! at its field with nothing changed, and another food bank's staff cannot edit it.
use crate::{
    api_orders::{CHICAGO, MAIN},
    api_staff::token_of,
    api_support::TestApp,
    households::{count, household_of, open, pantry, post, register, search, staff_at},
    on_both,
};
use orderahead::{db::seed::DEMO_VOLUNTEER_EMAIL, domain::staff::StaffRole};

on_both!(a_household_is_corrected_found_by_its_new_name_and_offered_to_merge);

/// The intake fields of an edit, over `base`.
fn edit<'a>(pantry: &'a str, base: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut all = vec![("intent", "edit"), ("pantry", pantry)];
    all.extend_from_slice(base);
    all
}

async fn a_household_is_corrected_found_by_its_new_name_and_offered_to_merge(t: &TestApp) {
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let p = main.to_string();
    let tag = uuid::Uuid::new_v4().simple().to_string()[..6].to_owned();
    let (typed, corrected, other) = (format!("Garza{tag}"), format!("Smíth{tag}"), format!("Smith{tag}"));
    let first = [("firstName", "Ana"), ("postalCode", "43206"), ("size", "2"), ("answer", "different")];
    let mut fields = first.to_vec();
    fields.push(("lastName", typed.as_str()));
    let id = household_of(register(t, &volunteer, main, &fields).await.location.as_deref().unwrap());
    // A second record of the same person, kept with a birth date and phone the first lacks.
    let mut twin = first.to_vec();
    twin.extend([("lastName", other.as_str()), ("birthDate", "1980-04-05"), ("phone", "(614) 555-0177")]);
    let twin = household_of(register(t, &volunteer, main, &twin).await.location.as_deref().unwrap());
    let page = format!("/staff/households/{id}?pantry={main}");
    let listed = |opened: &crate::households::Opened| -> Vec<i64> {
        let found = opened.data["household"]["possibleDuplicates"].as_array().unwrap();
        found.iter().map(|h| h["id"].as_i64().unwrap()).collect()
    };
    assert!(listed(&open(t, &volunteer, &page).await).is_empty(), "two facts alike are not enough");

    // Refused at its fields, nothing changed.
    let bad = [("firstName", "Ana"), ("lastName", ""), ("postalCode", "4320"), ("size", "2"), ("phone", "555")];
    let r = post(t, &volunteer, &page, &edit(&p, &bad)).await;
    assert_eq!(r.status, 422);
    let mut refused = r.refused.clone();
    refused.sort();
    assert_eq!(refused, ["lastName", "phone", "postalCode"]);
    let kept = "SELECT COUNT(*) AS n FROM households WHERE id = ? AND last_name = ? AND phone IS NULL";
    assert_eq!(count(t, kept, vec![id.into(), typed.clone().into()]).await, 1);

    assert_eq!(search(t, &volunteer, main, &typed).await, [id]);

    // Corrected: the last name misheard at the door, the birth date and phone the family gives now.
    let good = [
        ("firstName", "Ana"),
        ("lastName", corrected.as_str()),
        ("birthDate", "1980-04-05"),
        ("phone", "614.555.0177"),
        ("postalCode", "43206"),
        ("size", "3"),
        ("children", "1"),
        ("adults", "2"),
        ("seniors", "0"),
    ];
    let done = post(t, &volunteer, &page, &edit(&p, &good)).await;
    assert_eq!(done.status, 303, "{:?} {:?}", done.code, done.refused);
    assert_eq!(done.location.as_deref(), Some(format!("/staff/households/{id}?done=edited&pantry={main}").as_str()));
    let shown = open(t, &volunteer, &page).await;
    let h = &shown.data["household"];
    assert_eq!(
        (h["lastName"].as_str(), h["phone"].as_str(), h["size"].as_i64()),
        (Some(corrected.as_str()), Some("614.555.0177"), Some(3))
    );
    assert_eq!(
        (h["children"].as_i64(), h["adults"].as_i64(), h["birthDate"].as_str()),
        (Some(1), Some(2), Some("1980-04-05"))
    );
    // Now alike the other record on first name, birth date and phone: listed to merge.
    assert_eq!(listed(&shown), [twin]);
    let logged = "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'household.edit' AND subject = ?";
    assert_eq!(count(t, logged, vec![format!("household:{id}").into()]).await, 1);

    // The name keys follow: the new name is found, accent or not, and the old one no longer is.
    let found = search(t, &volunteer, main, &format!("smith{tag} ana")).await;
    assert!(found.contains(&id) && found.contains(&twin), "{found:?}");
    assert_eq!(search(t, &volunteer, main, &format!("ana smíth{tag}")).await.first(), Some(&id));
    assert!(search(t, &volunteer, main, &typed).await.is_empty());

    // Another food bank's volunteer cannot edit it: nothing changes.
    let chicago = pantry(t, CHICAGO).await;
    let stranger = staff_at(t, &format!("edit-{tag}@example.org"), StaffRole::Volunteer, chicago).await;
    let c = chicago.to_string();
    let theirs = post(t, &stranger, &format!("/staff/households/{id}?pantry={chicago}"), &edit(&c, &fields)).await;
    assert_eq!((theirs.status, theirs.code.as_deref()), (422, Some("householdNotFound")));
    let same = "SELECT COUNT(*) AS n FROM households WHERE id = ? AND last_name = ?";
    assert_eq!(count(t, same, vec![id.into(), corrected.into()]).await, 1);
}

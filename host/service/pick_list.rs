//! The pick list (`../shared/spec/staff-side.md`, "what pantries ask for most" 1): how much of
//! each item a pantry's pickup orders of a day (or of the pickup times starting in a range) take,
//! by shop category, and one packing slip per order. Cancelled and no-show orders are left out;
//! a line marked short counts what is packed. Pantry staff and admins of the pantry only.
//!
//! Slips come only for at most [`SLIPS_AT_MOST`] orders: a busy pantry's day (thousands) is
//! packed and printed a range of pickup times at a time, and a page of ten thousand slips would
//! stall the phone or printer that asked for it; its totals are still the whole day's.
use super::{Context, Error, Result, staff::Staff};
use crate::{
    db::repo::pick_list::{PickListRows, PickTotalRow},
    domain::{Id, messages, staff::PantryStaff, time::local_today},
    infra::sheet::SheetWriter,
    model::{
        pick_list::{PackingSlip, PickCategory, PickList, PickTotal, SlipLine},
        staff::StaffPantry,
    },
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use std::collections::{BTreeMap, HashMap};

/// The most orders a pick list shows packing slips for.
pub const SLIPS_AT_MOST: u64 = 300;

/// What a pick list is asked for: the pantry (the caller's first when None), the day (the
/// pantry's today when None) and the range of pickup starts, "HH:MM" (from inclusive).
#[derive(Debug, Clone, Default)]
pub struct PickListQuery {
    pub pantry: Option<Id>,
    pub date: Option<NaiveDate>,
    pub from: Option<String>,
    pub to: Option<String>,
    /// Only these orders (the queue's ticked ones), when any.
    pub orders: Vec<Id>,
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
    let sums = state.store.pick_totals(chosen.id, date, from, to, &query.orders).await?;
    let slips = if sums.order_count <= SLIPS_AT_MOST {
        slips(state.store.pick_slips(chosen.id, date, from, to, &query.orders).await?)
    } else {
        Vec::new()
    };
    Ok(PickList {
        pantry: StaffPantry { id: chosen.id, label: chosen.label.clone() },
        pantries: pantries.iter().map(|p| StaffPantry { id: p.id, label: p.label.clone() }).collect(),
        date,
        from: from.map(hm),
        to: to.map(hm),
        orders: query.orders.clone(),
        order_count: sums.order_count,
        slips_at_most: SLIPS_AT_MOST,
        totals: totals(sums.items),
        slips,
    })
}

/// The products' sums grouped by category (the shop's order; uncategorised last), items by name.
fn totals(items: Vec<PickTotalRow>) -> Vec<PickCategory> {
    // Category key: (has none, sort order, name), so None sorts last.
    type Key = (bool, i32, String);
    let mut by_category: BTreeMap<Key, HashMap<Id, PickTotal>> = BTreeMap::new();
    for row in items {
        let key = match row.category {
            Some((sort, name)) => (false, sort, name),
            None => (true, 0, String::new()),
        };
        // A product listed under two inventory items adds up under one name.
        let total = by_category.entry(key).or_default().entry(row.pantry_item_id).or_insert_with(|| PickTotal {
            item_id: row.pantry_item_id,
            name: row.name,
            quantity: 0,
            orders: 0,
        });
        total.quantity += row.units;
        total.orders += u64::try_from(row.orders).unwrap_or(0);
    }
    by_category
        .into_iter()
        .map(|((none, _, name), items)| {
            let mut items: Vec<PickTotal> = items.into_values().collect();
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
pub fn to_csv(list: &PickList, titles: &CsvTitles<'_>) -> anyhow::Result<Vec<u8>> {
    let mut out = SheetWriter::new();
    out.row([titles.category, titles.item, titles.quantity, titles.orders])?;
    for c in &list.totals {
        let category = c.category.as_deref().unwrap_or(titles.uncategorised);
        for i in &c.items {
            out.row([category, &i.name, &i.quantity.to_string(), &i.orders.to_string()])?;
        }
    }
    out.finish()
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

    fn row(item: Id, category: Option<(i32, &str)>, units: i64, orders: i64) -> PickTotalRow {
        PickTotalRow {
            pantry_item_id: item,
            name: format!("Item {item}"),
            category: category.map(|(s, n)| (s, n.to_owned())),
            units,
            orders,
        }
    }

    #[test]
    fn totals_group_by_category_order_with_uncategorised_last() {
        let t = totals(vec![
            row(7, Some((2, "Produce")), 4, 2),
            row(5, Some((1, "Dairy")), 1, 1),
            row(9, None, 4, 1),
            row(3, Some((2, "Produce")), 6, 3),
        ]);
        let names: Vec<Option<&str>> = t.iter().map(|c| c.category.as_deref()).collect();
        assert_eq!(names, [Some("Dairy"), Some("Produce"), None]);
        let produce: Vec<(Id, i64, u64)> = t[1].items.iter().map(|i| (i.item_id, i.quantity, i.orders)).collect();
        assert_eq!(produce, [(3, 6, 3), (7, 4, 2)], "by name within the category");
        assert_eq!(t[2].items[0].quantity, 4);
    }

    #[test]
    fn clock_reads_hours_and_minutes_only() {
        assert_eq!(clock(Some("09:30")).unwrap(), NaiveTime::from_hms_opt(9, 30, 0));
        assert_eq!(clock(Some(" ")).unwrap(), None);
        assert!(clock(Some("9h")).is_err());
    }
}

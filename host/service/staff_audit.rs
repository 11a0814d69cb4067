//! The food bank admin's audit page (`/staff/audit`, `/api/v1/staff/audit`): the newest staff
//! changes at their food banks (optionally one pantry's), who made them, and each field's value
//! before and after, read from the log the changes wrote in their own transactions.
use super::{Context, Error, Result, staff::Staff};
use crate::{
    domain::{Id, messages, staff::FoodBankAdmin},
    model::{
        staff_audit::{AuditChange, AuditLine, AuditPage},
        staff_items::Named,
    },
};
use serde_json::Value;
use std::collections::BTreeSet;

/// Entries per page.
pub const PAGE_SIZE: u64 = 50;

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The fields that differ between `before` and `after` (objects: by key, in key order; anything
/// else: one change with an empty field name). Fields absent or null on both sides are left out.
pub fn changes(before: Option<&Value>, after: Option<&Value>) -> Vec<AuditChange> {
    let value = |v: Option<&Value>| v.filter(|v| !v.is_null()).map(text);
    match (before, after) {
        (None | Some(Value::Object(_)), None | Some(Value::Object(_))) => {
            let empty = serde_json::Map::new();
            let b = before.and_then(Value::as_object).unwrap_or(&empty);
            let a = after.and_then(Value::as_object).unwrap_or(&empty);
            let keys: BTreeSet<&String> = b.keys().chain(a.keys()).collect();
            keys.into_iter()
                .filter(|k| b.get(*k) != a.get(*k))
                .map(|k| AuditChange { field: k.clone(), before: value(b.get(k)), after: value(a.get(k)) })
                .filter(|c| c.before != c.after)
                .collect()
        }
        _ if before == after => Vec::new(),
        _ => vec![AuditChange { field: String::new(), before: value(before), after: value(after) }],
    }
}

/// A page of the log of the admin's food banks, newest first: entries older than `before` (an
/// entry id) when paging on, of one of their pantries when `pantry` is given.
pub async fn page(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    pantry: Option<Id>,
    before: Option<i64>,
) -> Result<AuditPage> {
    if pantry.is_some_and(|p| !admin.reach.has_pantry(p)) {
        return Err(Error::not_found(&messages::PANTRY_NOT_FOUND));
    }
    let mut pantries = state.store.pantry_labels(admin.reach.pantries.iter().copied().collect()).await?;
    pantries.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    let banks = admin.reach.food_banks.iter().copied().collect();
    let mut rows = state.store.audit_entries(banks, pantry, before, PAGE_SIZE + 1).await?;
    let more = rows.len() as u64 > PAGE_SIZE;
    rows.truncate(PAGE_SIZE as usize);
    let mut actors: Vec<Id> = rows.iter().map(|r| r.actor_user_id).collect();
    actors.sort_unstable();
    actors.dedup();
    let emails = state.store.emails_of(actors).await?;
    let entries = rows
        .into_iter()
        .map(|r| AuditLine {
            id: r.id,
            at: r.at,
            who: emails.get(&r.actor_user_id).cloned().unwrap_or_else(|| format!("#{}", r.actor_user_id)),
            pantry: r.pantry_location_id.and_then(|p| pantries.iter().find(|(id, _)| *id == p).map(|(_, n)| n.clone())),
            changes: changes(r.before.as_ref(), r.after.as_ref()),
            action: r.action,
            subject: r.subject,
        })
        .collect::<Vec<_>>();
    let next_before = if more { entries.last().map(|e| e.id) } else { None };
    Ok(AuditPage {
        pantries: pantries.into_iter().map(|(id, name)| Named { id, name }).collect(),
        pantry_id: pantry,
        entries,
        next_before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn c(field: &str, before: Option<&str>, after: Option<&str>) -> AuditChange {
        AuditChange { field: field.into(), before: before.map(Into::into), after: after.map(Into::into) }
    }

    #[test]
    fn only_the_fields_that_changed_are_listed() {
        let before = json!({"name": "Rice", "active": true, "amount": 2.0, "photo": null});
        let after = json!({"name": "Brown rice", "active": true, "amount": 2.0, "photo": "/files/a.jpg"});
        assert_eq!(
            changes(Some(&before), Some(&after)),
            [c("name", Some("Rice"), Some("Brown rice")), c("photo", None, Some("/files/a.jpg"))]
        );
        let created = changes(None, Some(&json!({"name": "Rice", "unit": null})));
        assert_eq!(created, [c("name", None, Some("Rice"))]);
        assert_eq!(changes(Some(&json!(3)), Some(&json!(4))), [c("", Some("3"), Some("4"))]);
    }
}

//! The audit log: every staff change to what a pantry offers, written inside the change's own
//! transaction (a [`Write`](super::Write)) so the record and the change commit or vanish together.
use super::{Store, StoreResult};
use crate::{
    db::entity::audit_log,
    domain::{Id, audit::AuditAction},
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;

/// One change: who made it where, what it was (`action`, a stable code such as
/// `schedule.create`), what it touched (`subject`, e.g. `pantryItem:12`), and the subject
/// before and after (None for a creation or a deletion).
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry {
    pub actor_user_id: Id,
    pub food_bank_id: Id,
    pub pantry_location_id: Option<Id>,
    pub action: AuditAction,
    pub subject: String,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

impl AuditEntry {
    /// A change to `subject` at a pantry, from `before` to `after` (each serialised as JSON).
    pub fn change<T: Serialize>(
        actor_user_id: Id,
        (food_bank_id, pantry_location_id): (Id, Option<Id>),
        action: AuditAction,
        subject: String,
        before: Option<&T>,
        after: Option<&T>,
    ) -> Self {
        let json = |v: Option<&T>| v.and_then(|v| serde_json::to_value(v).ok());
        Self {
            actor_user_id,
            food_bank_id,
            pantry_location_id,
            action,
            subject,
            before: json(before),
            after: json(after),
        }
    }
}

/// A stored entry, as the admin's page reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditRow {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub actor_user_id: Id,
    pub food_bank_id: Id,
    pub pantry_location_id: Option<Id>,
    pub action: String,
    pub subject: String,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

impl<C: ConnectionTrait> Store<C> {
    /// Records a change; inside a service's write it is kept only if that commits.
    pub async fn audit(&self, entry: AuditEntry, now: DateTime<Utc>) -> StoreResult<()> {
        let text = |v: Option<serde_json::Value>| v.map(|v| v.to_string());
        let row = audit_log::ActiveModel {
            id: NotSet,
            at: Set(now),
            actor_user_id: Set(entry.actor_user_id),
            food_bank_id: Set(entry.food_bank_id),
            pantry_location_id: Set(entry.pantry_location_id),
            action: Set(entry.action.code().to_owned()),
            subject: Set(entry.subject),
            before: Set(text(entry.before)),
            after: Set(text(entry.after)),
        };
        audit_log::Entity::insert(row).exec_without_returning(&self.db).await?;
        Ok(())
    }

    /// The newest entries of these food banks (optionally one pantry's), newest first,
    /// older than `before_id` when paging on.
    pub async fn audit_entries(
        &self,
        food_banks: Vec<Id>,
        pantry: Option<Id>,
        before_id: Option<i64>,
        limit: u64,
    ) -> StoreResult<Vec<AuditRow>> {
        let filter = AuditFilter { food_banks, pantry, ..AuditFilter::default() };
        self.audit_filtered(&filter, before_id, limit).await
    }

    /// The newest entries that pass `filter`, newest first, older than `before_id` when paging on.
    pub async fn audit_filtered(
        &self,
        filter: &AuditFilter,
        before_id: Option<i64>,
        limit: u64,
    ) -> StoreResult<Vec<AuditRow>> {
        if filter.food_banks.is_empty() {
            return Ok(Vec::new());
        }
        let mut q = audit_log::Entity::find().filter(audit_log::Column::FoodBankId.is_in(filter.food_banks.clone()));
        if let Some(p) = filter.pantry {
            q = q.filter(audit_log::Column::PantryLocationId.eq(p));
        }
        if let Some(actor) = filter.actor {
            q = q.filter(audit_log::Column::ActorUserId.eq(actor));
        }
        if let Some(action) = &filter.action {
            q = q.filter(audit_log::Column::Action.eq(action.as_str()));
        }
        if let Some(from) = filter.from {
            q = q.filter(audit_log::Column::At.gte(from));
        }
        if let Some(until) = filter.until {
            q = q.filter(audit_log::Column::At.lt(until));
        }
        if let Some(b) = before_id {
            q = q.filter(audit_log::Column::Id.lt(b));
        }
        let rows = q
            .order_by_desc(audit_log::Column::At)
            .order_by_desc(audit_log::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await?;
        let json = |t: Option<String>| t.and_then(|t| serde_json::from_str(&t).ok());
        Ok(rows
            .into_iter()
            .map(|r| AuditRow {
                id: r.id,
                at: r.at,
                actor_user_id: r.actor_user_id,
                food_bank_id: r.food_bank_id,
                pantry_location_id: r.pantry_location_id,
                action: r.action,
                subject: r.subject,
                before: json(r.before),
                after: json(r.after),
            })
            .collect())
    }

    /// Who has made changes at these food banks, and which kinds of change (the filter's choices).
    pub async fn audit_actors_and_actions(&self, food_banks: Vec<Id>) -> StoreResult<(Vec<Id>, Vec<String>)> {
        if food_banks.is_empty() {
            return Ok((Vec::new(), Vec::new()));
        }
        let actors: Vec<Id> = audit_log::Entity::find()
            .filter(audit_log::Column::FoodBankId.is_in(food_banks.clone()))
            .select_only()
            .column(audit_log::Column::ActorUserId)
            .distinct()
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut actions: Vec<String> = audit_log::Entity::find()
            .filter(audit_log::Column::FoodBankId.is_in(food_banks))
            .select_only()
            .column(audit_log::Column::Action)
            .distinct()
            .into_tuple()
            .all(&self.db)
            .await?;
        actions.sort();
        Ok((actors, actions))
    }
}

/// Which entries to read: of these food banks, and optionally of one pantry, one person, one kind
/// of change and a span of time (`from` inclusive, `until` exclusive).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    pub food_banks: Vec<Id>,
    pub pantry: Option<Id>,
    pub actor: Option<Id>,
    pub action: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
}

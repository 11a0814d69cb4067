//! Who looked (issue 53 item 6): a staff member opening a household's page or a shopper's order,
//! or downloading personal data as a file, is written in the food bank's change log: who, which
//! record (by its id, never its facts), when. Admins read it there.
use crate::{
    db::repo::audit::AuditEntry,
    domain::{Id, audit::AuditAction},
    service::{Context, Error, Result},
};

/// Writes that `actor` looked at `subject` at the place `(food bank, pantry)`.
pub async fn record(
    state: &Context,
    actor: Id,
    place: (Id, Option<Id>),
    action: AuditAction,
    subject: String,
) -> Result<()> {
    let now = state.clock.now();
    let entry = AuditEntry::change(actor, place, action, subject, None::<&()>, None);
    let entry = &entry;
    state.store.write(|txn| async move { Ok::<_, Error>(txn.audit(entry.clone(), now).await?) }).await
}

//! The retention job (issue 53 item 4): nothing is kept past its time. Once a day, on one host at
//! a time, it erases TEFAP records whose retention ended (7 CFR 251.10(a): three years after the
//! close of their federal fiscal year), spent or expired reset and invitation links, and mail and
//! texts a month after they went out, and shopper accounts unused for the period their food bank
//! set (none unless it set one), and the keys of the door's offline actions a week after they
//! were sent (a device drops its copy of a day 24 hours after it). Each food bank's audit log says
//! what was erased there, in counts; nothing personal is written about it.
use super::{Context, Error, Result};
use crate::{
    db::repo::audit::AuditEntry,
    domain::{
        audit::{AuditAction, SYSTEM_ACTOR},
        reports::discard_through,
    },
};
use chrono::Duration;
use serde::Serialize;

/// How long mail and texts are kept after they went out.
pub const MESSAGES_KEPT: Duration = Duration::days(30);
/// How long the key of a door action sent from a device is kept (issue 50).
pub const DOOR_KEYS_KEPT: Duration = Duration::days(7);

/// What the audit log says a run erased at a food bank.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Erased {
    tefap_records: i64,
    visits: i64,
    tefap_decisions: i64,
}

/// What the audit log says a run deleted of a food bank's unused accounts.
#[derive(Serialize)]
struct ErasedAccounts {
    accounts: i64,
}

/// Erases what is past its time, in one transaction; how many rows it erased or cleared.
pub async fn erase_expired(state: &Context) -> Result<usize> {
    let now = state.clock.now();
    // A day early in no zone: the cut is the close of a fiscal year three years back.
    let through = discard_through(now.date_naive());
    state
        .store
        .write(|txn| async move {
            let tefap = txn.erase_tefap_through(through).await?;
            let links = txn.erase_spent_links(now).await?;
            let messages = txn.erase_old_messages(now - MESSAGES_KEPT, super::outbox::MAX_ATTEMPTS).await?;
            let door_keys = txn.erase_door_actions_before(now - DOOR_KEYS_KEPT).await?;
            let mut total = usize::try_from(links + messages + door_keys).unwrap_or(usize::MAX);
            for (bank, erased) in tefap {
                total += usize::try_from(erased.tefap_records + erased.visits + erased.decisions).unwrap_or(0);
                let said = Erased {
                    tefap_records: erased.tefap_records,
                    visits: erased.visits,
                    tefap_decisions: erased.decisions,
                };
                let entry = AuditEntry::change(
                    SYSTEM_ACTOR,
                    (bank, None),
                    AuditAction::RetentionErase,
                    format!("tefap:through:{through}"),
                    None,
                    Some(&said),
                );
                txn.audit(entry, now).await?;
            }
            for (bank, accounts) in txn.erase_inactive_accounts(now).await? {
                total += usize::try_from(accounts).unwrap_or(0);
                let entry = AuditEntry::change(
                    SYSTEM_ACTOR,
                    (bank, None),
                    AuditAction::RetentionErase,
                    "accounts:inactive".to_owned(),
                    None,
                    Some(&ErasedAccounts { accounts }),
                );
                txn.audit(entry, now).await?;
            }
            if links + messages + door_keys > 0 {
                tracing::info!(links, messages, door_keys, "retention: spent links, old messages and door keys erased");
            }
            Ok::<_, Error>(total)
        })
        .await
}

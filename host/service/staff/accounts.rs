//! Staff accounts: `orderahead staff add` (and, with "Staff side 3", the admin's staff pages)
//! grants a role at a food bank or pantry to the account of an e-mail, making the account when
//! there is none, and mails an invitation: a link of the password reset flow, which sets the
//! password (a new account has none anyone can type). The grant, the link and its mail are one
//! write: the mail is an outbox row, sent by a host's sender (or by the command itself).
use crate::{
    catalog::Lang,
    db::repo::{
        Store,
        audit::AuditEntry,
        staff::grants::{GrantPlace, Granted},
    },
    domain::{Id, audit::AuditAction, staff::StaffRole},
};
use chrono::{DateTime, Utc};

/// The admin who invites, through the staff pages, and where the audit log files the grant (its
/// food bank, and its pantry). The command line's `staff add` has no account acting, so no entry.
#[derive(Debug, Clone, Copy)]
pub struct InvitedBy {
    pub admin: Id,
    pub filed: (Id, Option<Id>),
}

/// The audit log's view of a grant.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct GrantShown<'a> {
    pub email: &'a str,
    pub role: &'a str,
    pub food_bank_id: Option<Id>,
    pub pantry_id: Option<Id>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program_id: Option<Id>,
}

/// How long an invitation's link stays open: longer than a reset link, as it waits for a new
/// colleague to read their mail.
const INVITATION_LIFETIME: chrono::Duration = chrono::Duration::days(7);

/// Grants `role` at `place` to the account of `email` and writes the invitation into the outbox,
/// with the audit entry of the admin who invited, in one transaction; what was done. The caller wakes a sender (`service::outbox`).
pub async fn add_staff(
    store: &Store,
    public_url: &str,
    email: &str,
    role: StaffRole,
    place: GrantPlace,
    invited_by: Option<InvitedBy>,
    now: DateTime<Utc>,
) -> anyhow::Result<Granted> {
    let written = store.write(|txn| async move {
        let granted = txn.grant_staff(email, role, place, now).await??;
        let link =
            crate::service::password_reset::new_link(&txn, public_url, granted.user_id, now + INVITATION_LIFETIME, now)
                .await?;
        let mail = invitation(email, role, place, public_url, &link);
        txn.enqueue(mail, now).await?;
        if let Some(by) = invited_by {
            let (food_bank_id, pantry_id, program_id) = match place {
                GrantPlace::FoodBank(b) => (Some(b), None, None),
                GrantPlace::Pantry(p) => (None, Some(p), None),
                GrantPlace::DeliveryProgram(p) => (None, None, Some(p)),
            };
            let shown = GrantShown { email, role: role.code(), food_bank_id, pantry_id, program_id };
            let entry = AuditEntry::change(
                by.admin,
                by.filed,
                AuditAction::StaffGrantCreate,
                format!("staffGrant:{}", granted.grant_id),
                None,
                Some(&shown),
            );
            txn.audit(entry, now).await?;
        }
        Ok::<_, Retry>(granted)
    });
    written.await.map_err(|e| e.0)
}

/// anyhow's error, retried when the database gave up for timing alone.
struct Retry(anyhow::Error);

impl<E: Into<anyhow::Error>> From<E> for Retry {
    fn from(e: E) -> Self {
        Self(e.into())
    }
}

impl std::fmt::Display for Retry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl crate::db::repo::Transient for Retry {
    fn is_transient(&self) -> bool {
        self.0.downcast_ref::<crate::db::repo::StoreError>().is_some_and(|e| e.is_transient())
    }
}

/// The invitation, in English and Spanish (the account's language is not known yet).
fn invitation(
    email: &str,
    role: StaffRole,
    place: GrantPlace,
    public_url: &str,
    link: &str,
) -> crate::db::repo::outbox::NewMessage {
    let home = format!("{}/staff", public_url.trim_end_matches('/'));
    let text = format!(
        "Hello,\n\nYou have been added to OrderAhead as {role} ({place}).\n\
         Open this link within 7 days to choose your password:\n\n{link}\n\n\
         Then sign in and open {home}.\n\n\
         Hola:\n\nLe agregaron a OrderAhead como {role_es}. Abra este enlace antes de 7 días para elegir su \
         contraseña:\n\n{link}?lang=es\n\nLuego inicie sesión y abra {home}?lang=es\n",
        role = match role {
            StaffRole::Admin => "food bank admin",
            StaffRole::Staff => "pantry staff",
            StaffRole::Volunteer => "volunteer",
            StaffRole::Driver => "delivery driver",
        },
        role_es = match role {
            StaffRole::Admin => "administrador del banco de alimentos",
            StaffRole::Staff => "personal de la despensa",
            StaffRole::Volunteer => "voluntario",
            StaffRole::Driver => "conductor de entregas",
        },
        place = match place {
            GrantPlace::FoodBank(id) => format!("food bank {id}"),
            GrantPlace::Pantry(id) => format!("pantry {id}"),
            GrantPlace::DeliveryProgram(id) => format!("delivery program {id}"),
        },
    );
    let subject = "You are invited to OrderAhead / Invitación a OrderAhead".to_owned();
    crate::service::outbox::email(email, subject, text, Lang::EN, None)
}

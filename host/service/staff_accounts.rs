//! Staff accounts: `orderahead staff add` (and, with "Staff side 3", the admin's staff pages)
//! grants a role at a food bank or pantry to the account of an e-mail, making the account when
//! there is none, and mails an invitation: a link of the password reset flow, which sets the
//! password (a new account has none anyone can type).
use crate::{
    db::repo::{
        Store,
        staff::{GrantPlace, Granted},
    },
    domain::staff::StaffRole,
    mail::Mailer,
};

/// How long an invitation's link stays open: longer than a reset link, as it waits for a new
/// colleague to read their mail.
const INVITATION_LIFETIME: chrono::Duration = chrono::Duration::days(7);

/// Grants `role` at `place` to the account of `email` and mails the invitation; what was done.
pub async fn add_staff(
    store: &Store,
    mailer: &Mailer,
    public_url: &str,
    email: &str,
    role: StaffRole,
    place: GrantPlace,
) -> anyhow::Result<Granted> {
    let granted = store.grant_staff(email, role, place).await??;
    let link = super::password_reset::new_link(store, public_url, granted.user_id, INVITATION_LIFETIME).await?;
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
        },
        role_es = match role {
            StaffRole::Admin => "administrador del banco de alimentos",
            StaffRole::Staff => "personal de la despensa",
            StaffRole::Volunteer => "voluntario",
        },
        place = match place {
            GrantPlace::FoodBank(id) => format!("food bank {id}"),
            GrantPlace::Pantry(id) => format!("pantry {id}"),
        },
    );
    mailer.send(email.trim(), "You are invited to OrderAhead / Invitación a OrderAhead", text).await?;
    Ok(granted)
}

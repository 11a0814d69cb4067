//! Passkeys as a staff member's second factor (issue 53 item 1, the WebAuthn part, through
//! webauthn-rs): registering one (the first factor of someone with none, or another once this
//! session proved one) and proving a session with one. The page is given the options to hand
//! to the browser's `navigator.credentials`; the challenge behind them waits in the database
//! (`passkey_ceremonies`), taken once by the answer, so any host can check it.
use super::{Context, Error, Result};
use crate::{
    db::repo::passkeys::PasskeyRow,
    domain::{
        Id, devices,
        forms::{FieldCode, FieldError},
        second_factor as factor,
    },
};
use chrono::Duration;
use serde_json::Value;
use webauthn_rs::prelude::{
    Passkey, PasskeyAuthentication, PasskeyRegistration, PublicKeyCredential, RegisterPublicKeyCredential, Url, Uuid,
    Webauthn, WebauthnBuilder,
};

/// How long a page's challenge stands.
const CEREMONY: Duration = Duration::minutes(10);
const REGISTER: &str = "register";
const PROVE: &str = "prove";

/// What the second factor page offers with passkeys: the options to create one (`register`) or
/// to use one (`prove`), and the names of those registered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Offer {
    pub register: Option<Value>,
    pub prove: Option<Value>,
    pub names: Vec<String>,
}

/// The relying party: the app's public address (its host names the passkeys). Any port of it is
/// accepted, as a development or test server runs on one of its own.
fn relying_party(state: &Context) -> Result<Webauthn> {
    let origin = Url::parse(&state.public_url).map_err(|e| anyhow::anyhow!("public URL: {e}"))?;
    let host = origin.host_str().ok_or_else(|| anyhow::anyhow!("the public URL has no host"))?.to_owned();
    let party = WebauthnBuilder::new(&host, &origin)
        .and_then(|b| b.rp_name("OrderAhead").allow_any_port(true).build())
        .map_err(|e| anyhow::anyhow!("WebAuthn relying party: {e}"))?;
    Ok(party)
}

fn credentials(rows: &[PasskeyRow]) -> Vec<Passkey> {
    rows.iter().filter_map(|r| serde_json::from_str(&r.credential).ok()).collect()
}

fn json<T: serde::Serialize>(value: &T) -> Result<String> {
    Ok(serde_json::to_string(value).map_err(|e| anyhow::anyhow!("{e}"))?)
}

/// A credential id as the database keeps it (base64url).
fn id_text(passkey: &Passkey) -> String {
    serde_json::to_value(passkey.cred_id()).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

fn refused() -> Error {
    Error::fields(vec![FieldError::new(
        "passkey",
        FieldCode::WrongCode,
        "That passkey could not be checked. Try again.",
    )])
}

/// Keeps the session's challenge of `kind` (`ceremony`, webauthn-rs's state) for its answer; the
/// options the browser is handed for it, as JSON.
async fn open<S: serde::Serialize, O: serde::Serialize>(
    state: &Context,
    session: &str,
    kind: &'static str,
    ceremony: &S,
    options: &O,
) -> Result<Value> {
    let (kept, until) = (json(ceremony)?, state.clock.now() + CEREMONY);
    state
        .store
        .write(|txn| {
            let kept = kept.clone();
            async move { txn.open_ceremony(session, kind, kept, until).await }
        })
        .await?;
    Ok(serde_json::to_value(options).map_err(|e| anyhow::anyhow!("{e}"))?)
}

/// The page's offer for this session: `may_register` when the person has no factor yet or this
/// session proved one; a challenge to use a passkey when they have some and it has not.
pub async fn offer(
    state: &Context,
    user_id: Id,
    session: &str,
    account: &str,
    proved: bool,
    enrolled: bool,
) -> Result<Offer> {
    let rows = state.store.passkeys_of(user_id).await?;
    let names = rows.iter().map(|r| r.name.clone()).collect();
    let party = relying_party(state)?;
    let mut out = Offer { names, ..Offer::default() };
    if !enrolled || proved {
        let known = credentials(&rows).iter().map(|p| p.cred_id().clone()).collect::<Vec<_>>();
        let person = Uuid::from_u64_pair(0, u64::try_from(user_id).unwrap_or(0));
        let (options, ceremony) = party
            .start_passkey_registration(person, account, account, Some(known))
            .map_err(|e| anyhow::anyhow!("passkey registration: {e}"))?;
        out.register = Some(open(state, session, REGISTER, &ceremony, &options.public_key).await?);
    } else if !rows.is_empty() {
        let (options, ceremony) =
            party.start_passkey_authentication(&credentials(&rows)).map_err(|e| anyhow::anyhow!("passkey use: {e}"))?;
        out.prove = Some(open(state, session, PROVE, &ceremony, &options.public_key).await?);
    }
    Ok(out)
}

/// Registers the passkey the browser made (`answer`, its `toJSON()`), named after the device
/// (`agent`), and proves this session. The first second factor of the person: the recovery
/// codes, shown once (else none).
pub async fn register(
    state: &Context,
    user_id: Id,
    session: &str,
    answer: &str,
    agent: Option<&str>,
) -> Result<Vec<String>> {
    let answer: RegisterPublicKeyCredential = serde_json::from_str(answer).map_err(|_| refused())?;
    let party = relying_party(state)?;
    let now = state.clock.now();
    let name =
        agent.map_or_else(|| "Passkey".to_owned(), |a| format!("{} · {}", devices::browser(a), devices::system(a)));
    let first = !state.store.has_recovery_codes(user_id).await?;
    let codes = if first { factor::new_recovery_codes() } else { Vec::new() };
    let hashes: Vec<String> = codes.iter().map(|c| factor::recovery_hash(c)).collect();
    let (answer, party, name, hashes) = (&answer, &party, &name, &hashes);
    state
        .store
        .write(|txn| async move {
            let Some(ceremony) = txn.take_ceremony(session, REGISTER, now).await? else { return Err(refused()) };
            let ceremony: PasskeyRegistration = serde_json::from_str(&ceremony).map_err(|_| refused())?;
            let passkey = party.finish_passkey_registration(answer, &ceremony).map_err(|_| refused())?;
            txn.add_passkey(user_id, &id_text(&passkey), json(&passkey)?, name, now).await?;
            if !hashes.is_empty() {
                txn.replace_recovery_codes(user_id, hashes).await?;
            }
            txn.prove_session(user_id, session, now).await?;
            Ok::<_, Error>(())
        })
        .await?;
    Ok(codes)
}

/// Proves this session with one of the person's passkeys (`answer`: the browser's assertion).
pub async fn prove(state: &Context, user_id: Id, session: &str, answer: &str) -> Result<()> {
    let answer: PublicKeyCredential = serde_json::from_str(answer).map_err(|_| refused())?;
    let party = relying_party(state)?;
    let now = state.clock.now();
    let rows = state.store.passkeys_of(user_id).await?;
    let (answer, party, rows) = (&answer, &party, &rows);
    state
        .store
        .write(|txn| async move {
            let Some(ceremony) = txn.take_ceremony(session, PROVE, now).await? else { return Err(refused()) };
            let ceremony: PasskeyAuthentication = serde_json::from_str(&ceremony).map_err(|_| refused())?;
            let used = party.finish_passkey_authentication(answer, &ceremony).map_err(|_| refused())?;
            for row in rows {
                let Ok(mut passkey) = serde_json::from_str::<Passkey>(&row.credential) else { continue };
                if passkey.cred_id() == used.cred_id() {
                    passkey.update_credential(&used);
                    txn.used_passkey(row.id, json(&passkey)?, now).await?;
                }
            }
            if !txn.prove_session(user_id, session, now).await? {
                return Err(refused());
            }
            Ok::<_, Error>(())
        })
        .await
}

//! The shopper's account: GET /account/profile and /account/addresses (and saving them), and
//! the /account page (Account Details), which shows both; signing in and opening an account.
use super::{Context, Error, Result};
use crate::{
    catalog::Lang,
    db::repo::accounts::{Credentials, NewUser, ProfileChanges},
    domain::{
        forms::{
            AddressForm, COUNTRY_CODE, FieldError, ProfileEdit, ProfileForm, validate_address, validate_profile_edit,
        },
        messages,
    },
    model::account::{Profile, ProfileUpdateBody, SavedAddress, SavedAddressBody},
};

/// Verified against when the e-mail is unknown, so both failures cost one argon2 run with our
/// parameters. A constant: an unknown e-mail never signs in whatever this hash matches, and
/// hashing one at start-up would pin an argon2 work area on whichever thread did it.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$r+0AwdQDrronkt3ofzO39g$iF6U1wKLlEDS84MRT19ZHi7L+EcgdKK4Z8X26ll30Io";

/// The account when `password` is its password, its sign-in then recorded. An unknown e-mail
/// costs one argon2 run too, so timing does not tell which accounts exist.
pub async fn sign_in(state: &Context, email: &str, password: String) -> Result<Option<Credentials>> {
    let account = state.store.credentials(email).await?;
    let hash = account.as_ref().map_or_else(|| DUMMY_HASH.to_owned(), |a| a.password_hash.clone());
    let verified = state.hasher.verify(password, hash).await?;
    let Some(account) = account.filter(|_| verified) else { return Ok(None) };
    state.store.record_login(account.user_id, state.clock.now()).await?;
    Ok(Some(account))
}

/// Signs out the session `token` names, on every host: its id is written where every host checks
/// it. A token that does not verify (forged, expired) names no session and is left alone.
pub async fn sign_out(state: &Context, token: &str) -> Result<()> {
    let Some(claims) = state.tokens.verify(token) else { return Ok(()) };
    let Ok(user_id) = claims.sub.parse::<i64>() else { return Ok(()) };
    let expires_at = i64::try_from(claims.exp).ok().and_then(|s| chrono::DateTime::from_timestamp(s, 0));
    let Some(expires_at) = expires_at else { return Ok(()) };
    match state.store.revoke_session(user_id, &claims.sid, expires_at, state.clock.now()).await {
        // The account is gone: its sessions with it.
        Err(crate::db::repo::StoreError::InvalidReference(_)) => Ok(()),
        other => Ok(other?),
    }
}

/// Opens an account from a registration validated by `validate_registration`: the user's id
/// and token version. A taken e-mail is the store's `Conflict`.
pub async fn create_account(state: &Context, form: ProfileForm) -> Result<(i64, i32)> {
    let (Some(email), Some(password)) = (form.e_mail_address, form.password) else {
        return Err(anyhow::anyhow!("validated registration without e-mail or password").into());
    };
    let new = NewUser {
        first_name: form.first_name,
        last_name: form.last_name,
        email: email.to_lowercase(),
        password_hash: state.hasher.hash(password).await?,
        phone_number: form.phone_number,
        postal_code: form.postal_code,
        is_email_notification_enabled: form.is_email_notification_enabled,
        is_text_message_notification_enabled: form.is_text_message_notification_enabled,
        is_phone_call_notification_enabled: form.is_phone_call_notification_enabled,
    };
    let (new, now) = (&new, state.clock.now());
    Ok(state.store.write(|txn| async move { txn.create_user(new, now).await }).await?)
}

pub async fn profile(state: &Context, user_id: i64) -> Result<Profile> {
    Ok(state
        .store
        .profile(user_id, state.clock.now())
        .await?
        .ok_or_else(|| Error::not_found(&messages::PROFILE_NOT_FOUND))?
        .into())
}

/// The account's e-mail address, `None` when the account is gone.
pub async fn email(state: &Context, user_id: i64) -> Result<Option<String>> {
    Ok(state.store.profile(user_id, state.clock.now()).await?.map(|p| p.email))
}

/// Saves the edited profile (PUT /account/profile, or its form posted to /account), checked by
/// the profile form's rules in update mode, and answers it as stored.
pub async fn update_profile(state: &Context, user_id: i64, edit: ProfileUpdateBody) -> Result<Profile> {
    let form = ProfileEdit {
        first_name: edit.first_name,
        last_name: edit.last_name,
        phone_number: edit.phone_number,
        postal_code: edit.postal_code,
    };
    let mut errors = Vec::new();
    let default_food_bank_id = edit.default_food_bank.map(|b| b.id);
    if let Some(id) = default_food_bank_id
        && !state.store.food_bank_exists(id).await?
    {
        errors.push(FieldError::choice("defaultFoodBank"));
    }
    let clean = match validate_profile_edit(&form) {
        Ok(clean) if errors.is_empty() => clean,
        Ok(_) => return Err(Error::fields(errors)),
        Err(mut e) => {
            e.extend(errors);
            return Err(Error::fields(e));
        }
    };
    let changes = ProfileChanges {
        first_name: clean.first_name,
        last_name: clean.last_name,
        phone_number: clean.phone_number,
        postal_code: clean.postal_code,
        is_email_notification_enabled: edit.is_email_notification_enabled,
        is_text_message_notification_enabled: edit.is_text_message_notification_enabled,
        is_phone_call_notification_enabled: edit.is_phone_call_notification_enabled,
        default_food_bank_id,
    };
    let (changes, now) = (&changes, state.clock.now());
    let row = state.store.write(|txn| async move { txn.update_profile(user_id, changes, now).await }).await?;
    Ok(row.ok_or_else(|| Error::not_found(&messages::PROFILE_NOT_FOUND))?.into())
}

/// The shopper's saved delivery addresses.
pub async fn saved_addresses(state: &Context, user_id: i64) -> Result<Vec<SavedAddress>> {
    Ok(state.store.saved_addresses(user_id).await?.into_iter().map(SavedAddress::from).collect())
}

/// Deletes the shopper's saved address `id`; NotFound when it is not theirs.
pub async fn delete_saved_address(state: &Context, user_id: i64, id: i64) -> Result<()> {
    if state.store.write(|txn| async move { txn.delete_saved_address(user_id, id).await }).await? {
        Ok(())
    } else {
        Err(Error::not_found(&messages::ADDRESS_NOT_FOUND))
    }
}

/// Keeps the shopper's language on the account, for what the server writes to them.
pub async fn set_language(state: &Context, user_id: i64, lang: Lang) -> Result<()> {
    Ok(state.store.set_language(user_id, lang.code()).await?)
}

/// Saves the address as a new one (`id` None) or over the shopper's address `id` (NotFound when
/// it is not theirs), checked by the address form's rules; a primary one clears the other primary.
pub async fn save_address(
    state: &Context,
    user_id: i64,
    id: Option<i64>,
    body: SavedAddressBody,
) -> Result<SavedAddress> {
    let form = address_form(body)?;
    // Before the transaction, bounded by the geocoder's time limit: no lock waits on the network.
    let found = match &state.geocoder {
        Some(geocoder) => geocoder.locate(&one_line(&form)).await,
        None => None,
    };
    let (form, now) = (&form, state.clock.now());
    match id {
        None => Ok(state
            .store
            .write(|txn| async move { txn.create_saved_address(user_id, form, found, now).await })
            .await?
            .into()),
        Some(id) => {
            let row = state
                .store
                .write(|txn| async move { txn.update_saved_address(user_id, id, form, found).await })
                .await?;
            row.map(SavedAddress::from).ok_or_else(|| Error::not_found(&messages::ADDRESS_NOT_FOUND))
        }
    }
}

/// The address on one line, as the geocoder reads it: "4600 Silver Hill Rd, Washington, DC 20233".
fn one_line(form: &AddressForm) -> String {
    format!("{}, {}, {} {}", form.address_line1, form.city, form.province, form.postal_code)
}

/// The validated, trimmed form of an address as sent.
fn address_form(body: SavedAddressBody) -> Result<AddressForm> {
    let a = body.address;
    let form = AddressForm {
        name: body.name,
        address_line1: a.address_line1,
        address_line2: a.address_line2,
        city: a.city,
        province: a.province,
        postal_code: a.postal_code,
        notes: body.notes,
        is_primary: body.is_primary,
    };
    let mut errors = Vec::new();
    if a.country_code.as_deref().is_some_and(|c| !c.trim().eq_ignore_ascii_case(COUNTRY_CODE)) {
        errors.push(FieldError::choice("countryCode"));
    }
    match validate_address(&form) {
        Ok(clean) if errors.is_empty() => Ok(clean),
        Ok(_) => Err(Error::fields(errors)),
        Err(mut e) => {
            e.extend(errors);
            Err(Error::fields(e))
        }
    }
}

#[cfg(test)]
mod tests {
    use argon2::{Argon2, PasswordHash, password_hash::ParamsString};

    #[test]
    fn the_dummy_hash_costs_what_a_real_one_does() {
        let dummy = PasswordHash::new(super::DUMMY_HASH).unwrap();
        assert_eq!(dummy.params, ParamsString::try_from(Argon2::default().params()).unwrap());
        assert_eq!(dummy.algorithm, argon2::Algorithm::default().ident());
    }
}

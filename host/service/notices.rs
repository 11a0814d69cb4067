//! What a shopper is sent outside the app about their order (confirmed, ready, cancelled by the
//! pantry, moved off a closed day, tomorrow's pickup): an e-mail when their profile allows e-mail,
//! a text message when it allows texts, texting is configured and their phone number is one a
//! gateway takes; each in the shopper's language, and each an outbox row written in the
//! transaction of the event, so it is sent once or not at all. Phone calls are out of scope: the
//! profile's phone-call choice is kept but nothing calls.
use super::{Context, Result};
use crate::{
    catalog::Lang,
    db::repo::{Write, accounts::ShopperContact, outbox::NewMessage},
    infra::localize::ServerTexts,
    service::outbox,
};
use chrono::{DateTime, Utc};

/// How news reaches shoppers: where its links point, and whether texting is on.
#[derive(Debug, Clone, Copy)]
pub struct Channels<'a> {
    pub public_url: &'a str,
    pub texts: bool,
}

impl Context {
    pub fn channels(&self) -> Channels<'_> {
        Channels { public_url: &self.public_url, texts: self.sms.is_some() }
    }
}

/// One piece of news: the event it tells of (`key`, e.g. `order:12:ready`: a second write of the
/// same event adds nothing), the page it links to and its title and text in a language.
pub struct Notice<'a> {
    pub key: String,
    pub path: String,
    pub words: &'a (dyn Fn(Lang) -> (String, String) + Sync),
}

/// A template in `lang` (English as written, else the server catalog's), its placeholders filled.
pub fn say(template: &str, lang: Lang, fill: &[(&str, &str)]) -> String {
    let mut text =
        ServerTexts::for_lang(lang).and_then(|t| t.translate(template)).unwrap_or_else(|| template.to_owned());
    for (key, value) in fill {
        text = text.replace(&format!("{{{key}}}"), value);
    }
    text
}

/// The shopper's language, English when unset or unknown.
pub fn lang_of(contact: &ShopperContact) -> Lang {
    contact.language.as_deref().and_then(Lang::from_code).unwrap_or(Lang::EN)
}

/// The outbox rows `notice` makes for `contact` as their profile and the channels allow.
pub fn messages(contact: &ShopperContact, channels: Channels<'_>, notice: &Notice<'_>) -> Vec<NewMessage> {
    let lang = lang_of(contact);
    let (title, text) = (notice.words)(lang);
    let link = format!("{}{}?lang={}", channels.public_url.trim_end_matches('/'), notice.path, lang.code());
    let mut out = Vec::with_capacity(2);
    if contact.email_allowed {
        let greeting = say("Hello {name},", lang, &[("name", &contact.first_name)]);
        let body = format!("{greeting}\n\n{text}\n\n{link}\n");
        out.push(outbox::email(&contact.email, title.clone(), body, lang, Some(notice.key.clone())));
    }
    let phone = contact.phone_number.as_deref().and_then(crate::sms::e164);
    if let (true, true, Some(phone)) = (channels.texts, contact.texts_allowed, phone) {
        let body = format!("OrderAhead: {text} {link}");
        out.push(outbox::text(&phone, title, body, lang, Some(format!("{}:sms", notice.key))));
    }
    out
}

/// Writes `notice` for `user_id` into the outbox of `txn` (nothing when they take neither channel).
pub async fn send(
    txn: &Write,
    channels: Channels<'_>,
    user_id: crate::domain::Id,
    notice: &Notice<'_>,
    now: DateTime<Utc>,
) -> Result<()> {
    let Some(contact) = txn.shopper_contact(user_id).await? else { return Ok(()) };
    for message in messages(&contact, channels, notice) {
        txn.enqueue(message, now).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::repo::outbox::MessageKind;

    fn contact(email: bool, texts: bool, phone: Option<&str>, language: Option<&str>) -> ShopperContact {
        ShopperContact {
            first_name: "Ana".into(),
            email: "ana@example.org".into(),
            language: language.map(Into::into),
            email_allowed: email,
            texts_allowed: texts,
            phone_number: phone.map(Into::into),
        }
    }

    fn words(lang: Lang) -> (String, String) {
        if lang == Lang::ES {
            ("Listo".into(), "El pedido 1A está listo.".into())
        } else {
            ("Ready".into(), "Order 1A is ready.".into())
        }
    }

    fn notice() -> Notice<'static> {
        Notice { key: "order:26:ready".into(), path: "/account/orders".into(), words: &words }
    }

    const ON: Channels<'static> = Channels { public_url: "https://oa.example/", texts: true };

    #[test]
    fn each_channel_follows_its_profile_flag() {
        let both = messages(&contact(true, true, Some("(614) 555-0100"), Some("es")), ON, &notice());
        let kinds: Vec<_> = both.iter().map(|m| (m.kind, m.recipient.as_str(), m.dedup_key.as_deref())).collect();
        assert_eq!(
            kinds,
            [
                (MessageKind::Email, "ana@example.org", Some("order:26:ready")),
                (MessageKind::Sms, "+16145550100", Some("order:26:ready:sms"))
            ]
        );
        assert!(
            both[0].body.starts_with("Hola, Ana:")
                && both[0].body.contains("https://oa.example/account/orders?lang=es")
        );
        assert_eq!(both[1].body, "OrderAhead: El pedido 1A está listo. https://oa.example/account/orders?lang=es");
        assert!(both.iter().all(|m| m.language == "es"));

        assert!(messages(&contact(false, false, Some("6145550100"), None), ON, &notice()).is_empty());
        let email_only = messages(&contact(true, false, Some("6145550100"), None), ON, &notice());
        assert_eq!(email_only.len(), 1);
        assert_eq!(email_only[0].kind, MessageKind::Email);
    }

    #[test]
    fn no_text_without_a_gateway_or_a_usable_number() {
        let off = Channels { texts: false, ..ON };
        let texts = |c: &ShopperContact, ch| {
            messages(c, ch, &notice()).into_iter().filter(|m| m.kind == MessageKind::Sms).count()
        };
        assert_eq!(texts(&contact(true, true, Some("6145550100"), None), off), 0);
        assert_eq!(texts(&contact(true, true, None, None), ON), 0);
        assert_eq!(texts(&contact(true, true, Some("555"), None), ON), 0);
        assert_eq!(texts(&contact(false, true, Some("6145550100"), None), ON), 1);
    }
}

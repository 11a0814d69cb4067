//! Text messages: an SMS gateway spoken to over HTTP in the shape of Twilio's Messages API
//! (`POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form fields `To`, `From`, `Body`, basic
//! auth `sid:token`), and the [`Courier`] that hands each outbox row to the mailer or the gateway.
//! Without an account, token and sender number texting is off: nothing is written for it, and a
//! host without a gateway never claims a text another host wrote.
use crate::{
    db::repo::outbox::MessageKind,
    mail::{Deliver, Mailer, Outgoing},
};
use std::{fmt, sync::Arc, time::Duration};

pub const TWILIO: &str = "https://api.twilio.com";

/// The gateway settings of the `serve` command.
#[derive(Clone, clap::Args)]
pub struct SmsConfig {
    /// The SMS gateway's base URL (Twilio's Messages API shape).
    #[arg(long = "sms-url", env = "SMS_URL", default_value = TWILIO)]
    pub base_url: String,
    /// The gateway account; texting is off unless account, token and sender are all set.
    #[arg(long = "sms-account", env = "SMS_ACCOUNT_SID")]
    pub account_sid: Option<String>,
    #[arg(long = "sms-token", env = "SMS_AUTH_TOKEN", hide_env_values = true)]
    pub auth_token: Option<String>,
    /// The number texts come from, e.g. `+16145550100`.
    #[arg(long = "sms-from", env = "SMS_FROM")]
    pub from: Option<String>,
}

impl Default for SmsConfig {
    fn default() -> Self {
        Self { base_url: TWILIO.into(), account_sid: None, auth_token: None, from: None }
    }
}

impl fmt::Debug for SmsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmsConfig")
            .field("base_url", &self.base_url)
            .field("account_sid", &self.account_sid)
            .field("auth_token", &self.auth_token.as_ref().map(|_| "<redacted>"))
            .field("from", &self.from)
            .finish()
    }
}

/// A gateway that takes texts.
pub struct SmsGateway {
    client: reqwest::Client,
    url: String,
    account_sid: String,
    auth_token: String,
    from: String,
}

impl fmt::Debug for SmsGateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SmsGateway({}, from {})", self.url, self.from)
    }
}

impl SmsGateway {
    /// The configured gateway; None (texting off) when account, token or sender is missing.
    pub fn new(config: &SmsConfig) -> Option<Self> {
        let nonempty = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let (account_sid, auth_token, from) =
            (nonempty(&config.account_sid)?, nonempty(&config.auth_token)?, nonempty(&config.from)?);
        let url = format!("{}/2010-04-01/Accounts/{account_sid}/Messages.json", config.base_url.trim_end_matches('/'));
        // A gateway that hangs must not hold the message past its outbox lease (5 minutes).
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| tracing::error!(error = %e, "no HTTP client for the SMS gateway; texting off"))
            .ok()?;
        Some(Self { client, url, account_sid, auth_token, from })
    }

    /// Sends `body` to `to` (E.164) and waits for the gateway to take it; any answer but 2xx is an
    /// error, so the outbox tries again later.
    pub async fn send(&self, to: &str, body: &str) -> anyhow::Result<()> {
        let form = [("To", to), ("From", self.from.as_str()), ("Body", body)];
        tracing::info!(to, "sending text message");
        let reply = self
            .client
            .post(&self.url)
            .basic_auth(&self.account_sid, Some(&self.auth_token))
            .form(&form)
            .send()
            .await?;
        let status = reply.status();
        if !status.is_success() {
            let text: String = reply.text().await.unwrap_or_default().chars().take(200).collect();
            anyhow::bail!("SMS gateway answered {status}: {text}");
        }
        Ok(())
    }
}

/// Delivers e-mail through the mailer and texts through the gateway, when there is one.
pub struct Courier {
    pub mail: Arc<Mailer>,
    pub texts: Option<Arc<SmsGateway>>,
}

impl Deliver for Courier {
    fn deliver<'a>(
        &'a self,
        message: &'a Outgoing,
    ) -> std::pin::Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>> {
        Box::pin(async move {
            match (message.kind, &self.texts) {
                (MessageKind::Email, _) => self.mail.deliver(message).await,
                (MessageKind::Sms, Some(gateway)) => gateway.send(&message.recipient, &message.body).await,
                (MessageKind::Sms, None) => anyhow::bail!("no text-message gateway is configured"),
            }
        })
    }

    fn carries_texts(&self) -> bool {
        self.texts.is_some()
    }
}

/// A profile's phone number as the gateway takes it (E.164): ten digits are a US number, eleven
/// starting with 1 too, `+` and 8 to 15 digits any other; else None (no text is sent).
pub fn e164(phone: &str) -> Option<String> {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let international = phone.trim_start().starts_with('+');
    match digits.len() {
        10 if !international => Some(format!("+1{digits}")),
        11 if digits.starts_with('1') => Some(format!("+{digits}")),
        8..=15 if international => Some(format!("+{digits}")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_hides_the_token() {
        let c = SmsConfig {
            account_sid: Some("AC123".into()),
            auth_token: Some("s3cret-token".into()),
            from: Some("+16145550100".into()),
            ..Default::default()
        };
        let shown = format!("{c:?}");
        assert!(!shown.contains("s3cret") && shown.contains("AC123"), "{shown}");
        let gateway = SmsGateway::new(&c).expect("configured");
        assert!(!format!("{gateway:?}").contains("s3cret"));
    }

    #[test]
    fn texting_is_off_until_account_token_and_sender_are_set() {
        assert!(SmsGateway::new(&SmsConfig::default()).is_none());
        let partial = SmsConfig { account_sid: Some("AC1".into()), auth_token: Some("t".into()), ..Default::default() };
        assert!(SmsGateway::new(&partial).is_none());
        let full = SmsConfig { from: Some("+16145550100".into()), ..partial };
        let gateway = SmsGateway::new(&full).expect("configured");
        assert_eq!(gateway.url, "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json");
    }

    #[test]
    fn phone_numbers_become_e164_or_nothing() {
        assert_eq!(e164("(614) 555-0100").as_deref(), Some("+16145550100"));
        assert_eq!(e164("1-614-555-0100").as_deref(), Some("+16145550100"));
        assert_eq!(e164("+52 55 1234 5678").as_deref(), Some("+525512345678"));
        assert_eq!(e164("555-0100"), None);
        assert_eq!(e164(""), None);
    }
}

//! The transports of outgoing e-mail. Messages are not sent from here directly: they are rows of
//! the database's outbox (`db::repo::outbox`), which a sender in each host (`service::outbox`)
//! hands to a [`Deliver`]. With `--smtp-url` set, the [`Mailer`] sends through that server;
//! without it, it writes `.eml` files into `<data_dir>/outbox/`, so a demo or a test can read
//! them without a mail server.
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, header::ContentType},
};
use std::{
    fmt,
    path::{Path, PathBuf},
};

pub const DEFAULT_FROM: &str = "OrderAhead <no-reply@orderahead.invalid>";

/// Mail settings of the `serve` command.
#[derive(Clone, clap::Args)]
pub struct MailConfig {
    /// SMTP server, e.g. `smtps://user:password@smtp.example.org:465`; without it
    /// messages are written to `<data-dir>/outbox/`.
    #[arg(long = "smtp-url", env = "SMTP_URL", hide_env_values = true, value_parser = parse_smtp_url)]
    pub smtp_url: Option<String>,
    /// Sender of outgoing mail.
    #[arg(long = "mail-from", env = "MAIL_FROM", default_value = DEFAULT_FROM, value_parser = parse_mailbox)]
    pub mail_from: String,
}

impl Default for MailConfig {
    fn default() -> Self {
        Self { smtp_url: None, mail_from: DEFAULT_FROM.into() }
    }
}

impl fmt::Debug for MailConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The SMTP URL usually carries a password.
        f.debug_struct("MailConfig")
            .field("smtp_url", &self.smtp_url.as_ref().map(|_| "<redacted>"))
            .field("mail_from", &self.mail_from)
            .finish()
    }
}

/// Checks an SMTP URL at start-up, so a typo stops the server instead of every reset mail.
pub fn parse_smtp_url(url: &str) -> Result<String, String> {
    AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map(|_| url.to_owned()).map_err(|e| e.to_string())
}

pub fn parse_mailbox(text: &str) -> Result<String, String> {
    text.parse::<Mailbox>().map(|_| text.to_owned()).map_err(|e| e.to_string())
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

pub struct Mailer {
    from: Mailbox,
    transport: Transport,
}

impl fmt::Debug for Mailer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match &self.transport {
            Transport::Smtp(_) => "smtp".to_owned(),
            Transport::Outbox(dir) => format!("outbox {}", dir.display()),
        };
        write!(f, "Mailer({kind})")
    }
}

impl Mailer {
    /// The configured transport. The settings were checked when parsed; should they
    /// still be unusable, mail falls back to the outbox and the reason is logged.
    pub fn new(config: &MailConfig, data_dir: &Path) -> Self {
        let from = config.mail_from.parse().unwrap_or_else(|e| {
            tracing::error!(error = %e, "unusable sender address; using the default");
            DEFAULT_FROM.parse().expect("valid default sender")
        });
        let outbox = Transport::Outbox(data_dir.join("outbox"));
        let transport = match &config.smtp_url {
            None => outbox,
            Some(url) => match AsyncSmtpTransport::<Tokio1Executor>::from_url(url) {
                Ok(builder) => Transport::Smtp(builder.build()),
                Err(e) => {
                    tracing::error!(error = %e, "unusable SMTP URL; writing mail to the outbox");
                    outbox
                }
            },
        };
        Self { from, transport }
    }

    /// The folder messages are written to, when there is no SMTP server.
    pub fn outbox(&self) -> Option<&Path> {
        match &self.transport {
            Transport::Outbox(dir) => Some(dir),
            Transport::Smtp(_) => None,
        }
    }

    /// Sends a plain-text message and waits for the server (or the folder) to take it, so the
    /// outbox's sender knows whether to mark it sent or try again. Requests never wait for it:
    /// they only write the outbox row.
    pub async fn send(&self, to: &str, subject: &str, text: String) -> anyhow::Result<()> {
        let recipient: Mailbox = to.parse()?;
        // Lines of 76 characters or more (links) come out quoted-printable, as mail requires.
        let message = Message::builder()
            .from(self.from.clone())
            .to(recipient)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(text)?;
        tracing::info!(to, subject, "sending mail");
        match &self.transport {
            Transport::Outbox(dir) => write_to_outbox(dir, &message.formatted()).await,
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
                Ok(())
            }
        }
    }
}

/// A message as a transport takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    pub kind: crate::db::repo::outbox::MessageKind,
    pub recipient: String,
    pub subject: String,
    pub body: String,
}

/// Where the outbox's sender delivers: the [`Mailer`] in the server, a failing or counting one in
/// tests. An error leaves the message for another try.
pub trait Deliver: Send + Sync {
    fn deliver<'a>(
        &'a self,
        message: &'a Outgoing,
    ) -> std::pin::Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>>;

    /// Whether it sends text messages: a sender whose transport does not leaves them to one that does.
    fn carries_texts(&self) -> bool {
        false
    }
}

impl Deliver for Mailer {
    fn deliver<'a>(
        &'a self,
        message: &'a Outgoing,
    ) -> std::pin::Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>> {
        Box::pin(async move {
            match message.kind {
                crate::db::repo::outbox::MessageKind::Email => {
                    self.send(&message.recipient, &message.subject, message.body.clone()).await
                }
                // Texts go through `sms::Courier`; a mailer alone never claims them.
                crate::db::repo::outbox::MessageKind::Sms => anyhow::bail!("no text-message gateway is configured"),
            }
        })
    }
}

/// Writes under a temporary name and renames, so readers never see half a message.
async fn write_to_outbox(dir: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let name = format!("{}-{}", chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ"), uuid::Uuid::new_v4());
    let partial = dir.join(format!(".{name}.part"));
    // Mails hold reset links: private like the rest of the data dir.
    let (dir_owned, bytes_owned, part) = (dir.to_owned(), bytes.to_vec(), partial.clone());
    tokio::task::spawn_blocking(move || {
        crate::private_files::private_dir(&dir_owned)?;
        crate::private_files::write_private(&part, &bytes_owned)
    })
    .await??;
    tokio::fs::rename(&partial, dir.join(format!("{name}.eml"))).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_debug_hides_the_smtp_url() {
        let c = MailConfig { smtp_url: Some("smtps://u:secret@mail.example.org".into()), ..Default::default() };
        assert!(!format!("{c:?}").contains("secret"));
    }

    #[test]
    fn smtp_urls_and_senders_are_checked() {
        assert!(parse_smtp_url("smtps://u:p@mail.example.org:465").is_ok());
        assert!(parse_smtp_url("http://mail.example.org").is_err());
        assert!(parse_mailbox(DEFAULT_FROM).is_ok());
        assert!(parse_mailbox("not an address").is_err());
    }

    #[tokio::test]
    async fn without_smtp_messages_land_in_the_outbox() {
        let dir = std::env::temp_dir().join(format!("orderahead-mail-test-{}", uuid::Uuid::new_v4()));
        let mailer = Mailer::new(&MailConfig::default(), &dir);
        let link = format!("http://localhost/account/update-password/{}/123456", "t".repeat(43));
        mailer.send("pat@example.org", "Reset", format!("Hello Pat,\n\n{link}\n")).await.unwrap();
        let files: Vec<_> = std::fs::read_dir(dir.join("outbox")).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(files.len(), 1);
        assert!(files[0].extension().is_some_and(|e| e == "eml"));
        let text = std::fs::read_to_string(&files[0]).unwrap();
        assert!(text.contains("To: pat@example.org") && text.contains("Subject: Reset"), "{text}");
        // The long link line is quoted-printable: soft line breaks to undo.
        assert!(text.replace("=\r\n", "").contains(&link), "{text}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

//! A staff member's second factor (issue 53 item 1): a time-based code app (RFC 6238: six digits,
//! 30-second steps, HMAC-SHA1, as every authenticator app reads an `otpauth://` address) and
//! one-time recovery codes. Pure: the service stores the secret, the last step used (so a code
//! is used once) and the recovery codes' hashes.
use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, Secret, TOTP};

/// Seconds a code lasts.
pub const STEP: u64 = 30;
/// Recovery codes given at enrolment.
pub const RECOVERY_CODES: usize = 10;
/// The issuer an authenticator app lists the account under.
pub const ISSUER: &str = "OrderAhead";

fn totp(secret: &str, account: &str) -> Option<TOTP> {
    let bytes = Secret::Encoded(secret.to_owned()).to_bytes().ok()?;
    TOTP::new(Algorithm::SHA1, 6, 1, STEP, bytes, Some(ISSUER.to_owned()), account.to_owned()).ok()
}

/// A new secret, base32 (160 bits, as RFC 4226 recommends).
pub fn new_secret() -> String {
    Secret::generate_secret().to_encoded().to_string()
}

/// The address an authenticator app takes (as a QR code or typed): `otpauth://totp/...`.
pub fn otpauth_url(secret: &str, account: &str) -> Option<String> {
    totp(secret, account).map(|t| t.get_url())
}

/// The code of the step holding `unix_secs` (what an app shows then).
pub fn code_at(secret: &str, unix_secs: u64) -> Option<String> {
    totp(secret, "").map(|t| t.generate(unix_secs))
}

/// The step `code` belongs to, trying the current one and one either side (a phone's clock drifts,
/// and a code typed in its last seconds arrives in the next step); `None` if it matches none.
pub fn matching_step(secret: &str, code: &str, unix_secs: u64) -> Option<u64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let t = totp(secret, "")?;
    let now = unix_secs / STEP;
    [now.saturating_sub(1), now, now + 1].into_iter().find(|step| t.generate(step * STEP) == code)
}

/// Whether `text` looks like a six-digit code rather than a recovery code.
pub fn is_app_code(text: &str) -> bool {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    digits.len() == 6 && digits.chars().all(|c| c.is_ascii_digit())
}

/// New recovery codes, `xxxx-xxxx` of letters and digits that are not mistaken for each other.
pub fn new_recovery_codes() -> Vec<String> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    (0..RECOVERY_CODES)
        .map(|_| {
            let chars: String = (0..8).map(|_| ALPHABET[rand::random_range(0..ALPHABET.len())] as char).collect();
            format!("{}-{}", &chars[..4], &chars[4..])
        })
        .collect()
}

/// What is stored of a recovery code: the SHA-256 of it as typed any way (case, spaces, dash).
pub fn recovery_hash(code: &str) -> String {
    let plain: String = code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
    Sha256::digest(plain.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890"), six digits.
    const RFC_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    #[test]
    fn codes_are_rfc_6238s() {
        assert_eq!(code_at(RFC_SECRET, 59).unwrap(), "287082");
        assert_eq!(code_at(RFC_SECRET, 1_111_111_109).unwrap(), "081804");
        assert_eq!(matching_step(RFC_SECRET, "287 082", 59), Some(1));
        // A step either side is taken; two away is not.
        assert_eq!(matching_step(RFC_SECRET, "287082", 59 + 30), Some(1));
        assert_eq!(matching_step(RFC_SECRET, "287082", 59 + 60), None);
        assert_eq!(matching_step(RFC_SECRET, "28708", 59), None);
        assert_eq!(matching_step(RFC_SECRET, "abcdef", 59), None);
    }

    #[test]
    fn a_secret_reads_back_and_names_the_account() {
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        let url = otpauth_url(&secret, "pantry@example.org").unwrap();
        assert!(url.starts_with("otpauth://totp/OrderAhead:pantry%40example.org?secret="), "{url}");
        assert!(url.contains(&secret) && url.contains("issuer=OrderAhead"));
    }

    #[test]
    fn recovery_codes_are_distinct_and_read_however_typed() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        assert!(codes.iter().all(|c| c.len() == 9 && c.as_bytes()[4] == b'-'));
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), RECOVERY_CODES);
        assert_eq!(recovery_hash("abcd-efgh"), recovery_hash(" ABCD EFGH "));
        assert!(!is_app_code("abcd-efgh") && is_app_code("123 456"));
    }
}

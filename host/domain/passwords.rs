//! What a new password must be: long enough, and not one that attackers try first.
use std::{collections::HashSet, sync::LazyLock};

pub const MIN_PASSWORD_CHARS: usize = 8;
pub const PASSWORD_TOO_SHORT: &str = "The password must be at least 8 characters long.";
pub const PASSWORD_TOO_COMMON: &str = "This password is too common and easy to guess. Please choose a less common one.";

/// Shipped in the binary so the check works offline and never depends on a service.
static COMMON: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("common-passwords.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
});

/// Why `password` (already trimmed) may not be used, or `None` when it may.
pub fn password_problem(password: &str) -> Option<&'static str> {
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Some(PASSWORD_TOO_SHORT);
    }
    // The list is lower-case; "Password1" is as guessable as "password1".
    COMMON.contains(password.to_lowercase().as_str()).then_some(PASSWORD_TOO_COMMON)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_common_passwords_are_refused() {
        assert_eq!(password_problem("abc1234"), Some(PASSWORD_TOO_SHORT));
        assert_eq!(password_problem("ééééééé"), Some(PASSWORD_TOO_SHORT), "counted in characters, not bytes");
        assert_eq!(password_problem("password"), Some(PASSWORD_TOO_COMMON));
        assert_eq!(password_problem("Password1"), Some(PASSWORD_TOO_COMMON));
        assert_eq!(password_problem("12345678"), Some(PASSWORD_TOO_COMMON));
        assert_eq!(password_problem("correct horse battery"), None);
        assert_eq!(password_problem("OrderAhead!demo"), None);
        assert!(COMMON.len() > 8000, "the shipped list is loaded");
    }
}

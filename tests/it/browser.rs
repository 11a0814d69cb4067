//! Runs the Playwright suites (tests/browser/*.test.mjs, Debian's Chromium)
//! against a real server on an ephemeral port.
use crate::support::{serve_forever, served_config};
use std::process::Command;

#[test]
fn browser_suites_pass() {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        std::path::Path::new(&chromium).exists(),
        "browser tests need Chromium at {chromium}: apt-get install -y chromium (or set CHROMIUM)"
    );
    let addr = serve_forever();
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files: Vec<_> = std::fs::read_dir(format!("{root}/tests/browser"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no browser suites found");
    let out = Command::new("node")
        .arg("--test")
        .arg("--test-concurrency=1")
        .args(&files)
        .env("BASE_URL", format!("http://{addr}"))
        .env("CHROMIUM", &chromium)
        // The server's mail outbox (no SMTP in tests): the reset suite reads its links there.
        .env("OUTBOX", served_config().data_dir.join("outbox"))
        .current_dir(root)
        .output()
        .expect("node on the PATH");
    let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{report}");
    assert!(out.status.success(), "browser suites failed:\n{report}");
}

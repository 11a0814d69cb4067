//! The Playwright suites (tests/browser/*.test.mjs, Debian's Chromium) against a real server on an
//! ephemeral port, each suite a test of its own so a failure names the screen. They run one at a
//! time: two Chromiums on a two-core machine starve each other's timers.
use crate::support::{serve_forever, served_config};
use std::{process::Command, sync::Mutex};

/// Where the suites find Chromium (tests/browser/lib.mjs reads the same variable).
const CHROMIUM_PATH: &str = "CHROMIUM_PATH";

fn run_suite(name: &str) {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let chromium = std::env::var(CHROMIUM_PATH).unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        std::path::Path::new(&chromium).exists(),
        "browser tests need Chromium at {chromium}: apt-get install -y chromium (or set {CHROMIUM_PATH})"
    );
    let addr = serve_forever();
    let root = env!("CARGO_MANIFEST_DIR");
    let file = format!("{root}/tests/browser/{name}.test.mjs");
    let out = Command::new("node")
        .arg("--test")
        .arg(&file)
        .env("BASE_URL", format!("http://{addr}"))
        .env(CHROMIUM_PATH, &chromium)
        // The server's mail outbox (no SMTP in tests): the reset suite reads its links there.
        .env("OUTBOX", served_config().data_dir.join("outbox"))
        .current_dir(root)
        .output()
        .expect("node on the PATH");
    let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{report}");
    assert!(out.status.success(), "browser suite {name} failed:\n{report}");
}

macro_rules! suites {
    ($($name:ident => $file:literal),* $(,)?) => {
        $(#[test]
        fn $name() {
            run_suite($file);
        })*

        /// Every suite on disk has its test above: a new file cannot be silently left out.
        #[test]
        fn every_suite_file_is_run() {
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser");
            let mut on_disk: Vec<String> = std::fs::read_dir(dir)
                .unwrap()
                .flatten()
                .filter_map(|e| e.file_name().to_str()?.strip_suffix(".test.mjs").map(str::to_owned))
                .collect();
            on_disk.sort();
            let mut listed = vec![$($file.to_owned()),*];
            listed.sort();
            assert_eq!(on_disk, listed);
        }
    };
}

suites! {
    account => "account",
    capacity => "capacity",
    checkout => "checkout",
    eligibility => "eligibility",
    forms => "forms",
    home => "home",
    journey => "journey",
    messages => "messages",
    orders => "orders",
    pantries => "pantries",
    referral => "referral",
    reset => "reset",
    seo => "seo",
    shell => "shell",
    shop => "shop",
    schedule => "schedule",
    skeleton => "skeleton",
    spanish => "spanish",
    staff => "staff",
    staff_tools => "staff-tools",
}

//! The Playwright suites (tests/browser/*.test.mjs, Debian's Chromium) against a real server on an
//! ephemeral port, each suite a test of its own so a failure names the screen. They run one at a
//! time: two Chromiums on a two-core machine starve each other's timers. The staff suites run on
//! PostgreSQL as well (a second server with its own database), the shopper's on SQLite.
use crate::support::{Served, serve_forever};
use std::{process::Command, sync::Mutex};

/// Where the suites find Chromium (tests/browser/lib.mjs reads the same variable).
const CHROMIUM_PATH: &str = "CHROMIUM_PATH";

fn run_suite(name: &str, on: Served) {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let chromium = std::env::var(CHROMIUM_PATH).unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        std::path::Path::new(&chromium).exists(),
        "browser tests need Chromium at {chromium}: apt-get install -y chromium (or set {CHROMIUM_PATH})"
    );
    let server = serve_forever(on);
    let root = env!("CARGO_MANIFEST_DIR");
    let file = format!("{root}/tests/browser/{name}.test.mjs");
    let out = Command::new("node")
        .arg("--test")
        .arg(&file)
        .env("BASE_URL", format!("http://{}", server.addr))
        .env("CONTROL_URL", format!("http://{}", server.control))
        .env(CHROMIUM_PATH, &chromium)
        // The server's mail outbox (no SMTP in tests): the reset suite reads its links there.
        .env("OUTBOX", &server.outbox)
        .current_dir(root)
        .output()
        .expect("node on the PATH");
    // A suite that let time pass leaves the next one the present.
    server.clock.reset();
    let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{report}");
    assert!(out.status.success(), "browser suite {name} failed:\n{report}");
}

macro_rules! suites {
    (sqlite: { $($name:ident => $file:literal),* $(,)? } both: { $($both:ident => $both_file:literal),* $(,)? }) => {
        $(#[test]
        fn $name() {
            run_suite($file, Served::Sqlite);
        })*

        $(mod $both {
            use super::*;

            #[test]
            fn sqlite() {
                run_suite($both_file, Served::Sqlite);
            }

            #[test]
            fn postgres() {
                run_suite($both_file, Served::Postgres);
            }
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
            let mut listed = vec![$($file.to_owned(),)* $($both_file.to_owned()),*];
            listed.sort();
            assert_eq!(on_disk, listed);
        }
    };
}

suites! {
    sqlite: {
        account => "account",
        budget => "budget",
        capacity => "capacity",
        checkout => "checkout",
        eligibility => "eligibility",
        forms => "forms",
        home => "home",
        journey => "journey",
        languages => "languages",
        messages => "messages",
        orders => "orders",
        pantries => "pantries",
        referral => "referral",
        reset => "reset",
        seo => "seo",
        shell => "shell",
        shop => "shop",
        skeleton => "skeleton",
        spanish => "spanish",
    }
    both: {
        console => "console",
        door => "door",
        households => "households",
        items => "items",
        network => "network",
        no_show => "no-show",
        reports => "reports",
        runs => "runs",
        people => "people",
        delivery_schedule => "delivery-schedule",
        schedule => "schedule",
        staff => "staff",
        staff_tools => "staff-tools",
        stock => "stock",
        times => "times",
    }
}

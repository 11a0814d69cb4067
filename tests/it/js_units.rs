//! The app's own unit tests (formatting, URL shim, catalog), run by Node.
use std::process::Command;

#[test]
fn app_unit_tests_pass() {
    let app = concat!(env!("CARGO_MANIFEST_DIR"), "/app");
    let out = Command::new("node").arg("scripts/unit-tests.mjs").current_dir(app).output().expect("node on the PATH");
    let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{report}");
    assert!(out.status.success(), "app unit tests failed:\n{report}");
}

//! Builds the React app with esbuild and embeds its output, so that `cargo run`
//! on a fresh clone needs nothing but Node.js and npm on the PATH.
use std::{
    collections::hash_map::DefaultHasher,
    env, fs,
    hash::{Hash, Hasher},
    path::{Path, PathBuf},
    process::Command,
};

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let app = root.join("app");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());

    for watched in ["app/src", "app/build.mjs", "app/scripts", "app/package.json", "app/package-lock.json", "static"] {
        println!("cargo:rerun-if-changed={watched}");
    }

    link_javascriptcore();
    install_node_modules(&app);

    let app_out = out.join("app");
    let _ = fs::remove_dir_all(&app_out);
    run(Command::new("node").arg(app.join("build.mjs")).arg("--out").arg(&app_out), "esbuild of app/");
    if app.join("scripts/zip-table.mjs").exists() {
        run(Command::new("node").arg(app.join("scripts/zip-table.mjs")).arg(out.join("zips.bin")), "zip table");
    }

    let mut files = Vec::new();
    collect(&app_out.join("client"), &app_out.join("client"), &mut files);
    collect(&root.join("static"), &root.join("static"), &mut files);
    files.sort();
    let mut table = String::from("pub static FILES: &[(&str, &[u8])] = &[\n");
    for (url, path) in &files {
        table.push_str(&format!("    ({url:?}, include_bytes!({:?})),\n", path.display().to_string()));
    }
    table.push_str("];\n");
    fs::write(out.join("embedded_files.rs"), table).unwrap();
}

/// JavaScriptCore is the default render engine where Debian's libjavascriptcoregtk-6.0-dev is
/// installed; elsewhere the build goes on with QuickJS-NG alone and says so.
fn link_javascriptcore() {
    println!("cargo::rustc-check-cfg=cfg(has_jsc)");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    const LIB: &str = "javascriptcoregtk-6.0";
    let libs = Command::new("pkg-config").args(["--libs", LIB]).output();
    match libs {
        Ok(out) if out.status.success() => {
            for flag in String::from_utf8_lossy(&out.stdout).split_whitespace() {
                if let Some(dir) = flag.strip_prefix("-L") {
                    println!("cargo:rustc-link-search=native={dir}");
                } else if let Some(lib) = flag.strip_prefix("-l") {
                    println!("cargo:rustc-link-lib={lib}");
                }
            }
            println!("cargo:rustc-cfg=has_jsc");
        }
        _ => println!(
            "cargo:warning=pkg-config found no {LIB}: server rendering will use QuickJS-NG only \
             (apt-get install -y libjavascriptcoregtk-6.0-dev for JavaScriptCore, the faster default)"
        ),
    }
}

/// `npm ci` when node_modules is missing or the lockfile changed since the last install.
fn install_node_modules(app: &Path) {
    let lock = fs::read(app.join("package-lock.json")).expect("app/package-lock.json");
    let mut h = DefaultHasher::new();
    lock.hash(&mut h);
    let stamp_value = format!("{:x}", h.finish());
    let stamp = app.join("node_modules/.orderahead-lock");
    if fs::read_to_string(&stamp).ok().as_deref() == Some(stamp_value.as_str()) {
        return;
    }
    run(
        Command::new("npm").args(["ci", "--no-audit", "--no-fund", "--loglevel=error"]).current_dir(app),
        "npm ci in app/",
    );
    fs::write(stamp, stamp_value).unwrap();
}

fn collect(base: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(base, &path, files);
        } else {
            let rel = path.strip_prefix(base).unwrap().to_string_lossy().replace('\\', "/");
            files.push((format!("/{rel}"), path));
        }
    }
}

fn run(cmd: &mut Command, what: &str) {
    let status =
        cmd.status().unwrap_or_else(|e| panic!("{what}: cannot start: {e} (is Node.js 20+ with npm on the PATH?)"));
    assert!(status.success(), "{what} failed with {status}");
}

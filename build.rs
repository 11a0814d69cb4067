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

    for watched in
        ["app/src", "host/i18n", "app/build.mjs", "app/scripts", "app/package.json", "app/package-lock.json", "static"]
    {
        println!("cargo:rerun-if-changed={watched}");
    }

    embed_languages(&root, &out);
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

/// The catalog files of every language of the registry (app/src/i18n/languages.json), embedded
/// for host/catalog: a language is added by its registry line and its files, nothing in Rust.
fn embed_languages(root: &Path, out: &Path) {
    let registry = root.join("app/src/i18n/languages.json");
    let list: Vec<serde_json::Value> =
        serde_json::from_str(&fs::read_to_string(&registry).unwrap()).expect("languages.json is a list");
    let mut app = String::from("pub(crate) static APP_CATALOGS: &[(&str, &str)] = &[\n");
    let mut server = String::from("pub(crate) static SERVER_TEXTS: &[(&str, &str)] = &[\n");
    for language in &list {
        let code = language["code"].as_str().expect("each language has a code");
        let catalog = root.join(format!("app/src/i18n/{code}.json"));
        assert!(catalog.exists(), "{} is missing: every language of the registry needs its catalog", catalog.display());
        app.push_str(&format!("    ({code:?}, include_str!({:?})),\n", catalog.display().to_string()));
        let texts = root.join(format!("host/i18n/api.{code}.json"));
        if texts.exists() {
            server.push_str(&format!("    ({code:?}, include_str!({:?})),\n", texts.display().to_string()));
        }
    }
    fs::write(out.join("languages.rs"), format!("{app}];\n{server}];\n")).unwrap();
}

/// Where pkg-config looks for `.pc` files when it cannot say (it is not installed yet): Debian's.
const DEFAULT_PC_DIRS: &[&str] = &[
    "/usr/local/lib/x86_64-linux-gnu/pkgconfig",
    "/usr/local/lib/aarch64-linux-gnu/pkgconfig",
    "/usr/local/lib/pkgconfig",
    "/usr/local/share/pkgconfig",
    "/usr/lib/x86_64-linux-gnu/pkgconfig",
    "/usr/lib/aarch64-linux-gnu/pkgconfig",
    "/usr/lib/pkgconfig",
    "/usr/share/pkgconfig",
];

/// Makes cargo run this script again when the library appears or disappears: installing
/// libjavascriptcoregtk-6.0-dev after a QuickJS-only build must give a JavaScriptCore build
/// without touching anything. Cargo reruns when a watched file changes or goes, and when anything
/// in a watched directory changes; a watched path that does not exist would rerun every build, so
/// only existing ones are named.
fn watch_javascriptcore(lib: &str) {
    for var in ["PKG_CONFIG_PATH", "PKG_CONFIG_LIBDIR", "PKG_CONFIG"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let pkg_config = |args: &[&str]| {
        Command::new("pkg-config")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    if let Some(dir) = pkg_config(&["--variable=pcfiledir", lib]) {
        println!("cargo:rerun-if-changed={dir}/{lib}.pc");
    }
    let from_env = |var: &str| env::var(var).unwrap_or_default().split(':').map(str::to_owned).collect::<Vec<_>>();
    let mut dirs = from_env("PKG_CONFIG_PATH");
    match env::var_os("PKG_CONFIG_LIBDIR") {
        // It replaces the default search path.
        Some(_) => dirs.extend(from_env("PKG_CONFIG_LIBDIR")),
        None => match pkg_config(&["--variable=pc_path", "pkg-config"]) {
            Some(path) => dirs.extend(path.split(':').map(str::to_owned)),
            None => dirs.extend(DEFAULT_PC_DIRS.iter().map(|d| (*d).to_owned())),
        },
    }
    for dir in dirs.iter().filter(|d| !d.is_empty() && Path::new(d).is_dir()) {
        println!("cargo:rerun-if-changed={dir}");
    }
}

/// JavaScriptCore is the default render engine where Debian's libjavascriptcoregtk-6.0-dev is
/// installed; elsewhere the build goes on with QuickJS-NG alone and says so (and so does the
/// server's start log).
fn link_javascriptcore() {
    println!("cargo::rustc-check-cfg=cfg(has_jsc)");
    const LIB: &str = "javascriptcoregtk-6.0";
    watch_javascriptcore(LIB);
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
             (apt-get install -y libjavascriptcoregtk-6.0-dev pkg-config for JavaScriptCore, the faster \
             default; the next build picks it up)"
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

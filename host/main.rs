use clap::{Args, Parser, Subcommand};
use orderahead::{
    config::Config,
    db,
    infra::auth,
    render::{EngineKind, PoolConfig},
    server,
};
use std::{net::SocketAddr, path::PathBuf};

#[derive(Parser)]
#[command(name = "orderahead", version, about = "Free groceries from your food bank, ordered ahead")]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Without a subcommand, `orderahead` serves with these options.
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app and its API (the default).
    Serve(Box<ServeArgs>),
    /// Apply pending database migrations and exit.
    Migrate(DataArgs),
    /// Load data: the demo set, or a national-size set for benchmarks.
    Seed(SeedArgs),
    /// Staff accounts.
    #[command(subcommand)]
    Staff(StaffCommand),
    /// Copy the embedded database (while the server runs) and the uploaded files into one file.
    Backup(BackupArgs),
    /// Bring a backup back into a data directory that has no database yet.
    Restore(RestoreArgs),
}

#[derive(Args)]
struct BackupArgs {
    #[command(flatten)]
    data: DataArgs,
    /// Where uploaded files are kept (default: `files` in the data dir).
    #[arg(long, env = "ORDERAHEAD_FILES_DIR")]
    files_dir: Option<PathBuf>,
    /// The backup file to write (a zip).
    #[arg(long, value_name = "FILE")]
    to: PathBuf,
}

#[derive(Args)]
struct RestoreArgs {
    /// The data directory to restore into; it must hold no database.
    #[arg(long, env = "ORDERAHEAD_DATA_DIR", default_value = "./data")]
    data_dir: PathBuf,
    /// Where uploaded files go (default: `files` in the data dir).
    #[arg(long, env = "ORDERAHEAD_FILES_DIR")]
    files_dir: Option<PathBuf>,
    /// A PostgreSQL URL here is refused: restore PostgreSQL with pg_restore.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// The backup file to restore.
    #[arg(long, value_name = "FILE")]
    from: PathBuf,
}

#[derive(Subcommand)]
enum StaffCommand {
    /// Grant a role at a food bank (admin) or a pantry (staff, volunteer) to the account of an
    /// e-mail, making the account if there is none, and mail it an invitation link that sets its password.
    Add(Box<StaffAddArgs>),
}

#[derive(Args)]
struct StaffAddArgs {
    #[command(flatten)]
    data: DataArgs,
    #[arg(long)]
    email: String,
    #[arg(long, value_parser = ["admin", "staff", "volunteer", "driver"])]
    role: String,
    /// The food bank of an admin.
    #[arg(long, conflicts_with_all = ["pantry", "program"], required_unless_present_any = ["pantry", "program"])]
    food_bank: Option<i64>,
    /// The pantry of staff or a volunteer.
    #[arg(long, conflicts_with = "program")]
    pantry: Option<i64>,
    /// The delivery program of a driver.
    #[arg(long)]
    program: Option<i64>,
    /// The site's public origin, for the invitation's link.
    #[arg(long, env = "ORDERAHEAD_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    public_url: String,
    #[command(flatten)]
    mail: orderahead::mail::MailConfig,
}

#[derive(Args)]
struct SeedArgs {
    #[command(flatten)]
    data: DataArgs,
    /// The demo food banks, pantries, products and shopper.
    #[arg(long, conflicts_with = "scale", required_unless_present = "scale")]
    demo: bool,
    /// N food banks with 300 pantries each, spread over the US.
    #[arg(long, value_name = "N")]
    scale: Option<usize>,
}

#[derive(Args, Clone)]
struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "ORDERAHEAD_BIND", default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    #[command(flatten)]
    data: DataArgs,
    /// Public origin for canonical links (default: http://<bind>).
    #[arg(long, env = "ORDERAHEAD_PUBLIC_URL")]
    public_url: Option<String>,
    /// Map tile URL template; empty for no tiles.
    #[arg(long, env = "ORDERAHEAD_TILE_URL", default_value = "https://tile.openstreetmap.org/{z}/{x}/{y}.png")]
    tile_url: String,
    /// Server-render threads (default: half the cores, at least one).
    #[arg(long, env = "ORDERAHEAD_RENDER_THREADS")]
    render_threads: Option<usize>,
    /// JavaScript engine for server rendering (default: jsc where this build has it, else quickjs).
    #[arg(long, env = "ORDERAHEAD_JS_ENGINE", value_enum)]
    js_engine: Option<EngineKind>,
    /// Memory per render engine in MiB: JavaScriptCore's garbage-collection budget
    /// (`forceRAMSize`), QuickJS-NG's hard limit.
    #[arg(long, env = "ORDERAHEAD_RENDER_MEMORY_MB")]
    render_memory_mb: Option<usize>,
    /// Renders of each route's first public page an idle engine makes to warm its JIT
    /// (JavaScriptCore; default 1000, 0 for none).
    #[arg(long, env = "ORDERAHEAD_RENDER_WARM_UP")]
    render_warm_up: Option<usize>,
    #[command(flatten)]
    mail: orderahead::mail::MailConfig,
    #[command(flatten)]
    sms: orderahead::sms::SmsConfig,
    #[command(flatten)]
    geocoder: orderahead::geocoder::GeocoderConfig,
    /// Address of the reverse proxy in front of the server: only connections from it
    /// may name the client with X-Forwarded-For (used by the rate limits).
    #[arg(long, env = "ORDERAHEAD_TRUSTED_PROXY")]
    trusted_proxy: Option<std::net::IpAddr>,
    /// Session-token signing key (at least 32 bytes); default: `token.secret` in the data dir.
    #[arg(long, env = "ORDERAHEAD_TOKEN_SECRET", hide_env_values = true)]
    token_secret: Option<String>,
    /// New accounts allowed per client address per hour.
    #[arg(long, env = "ORDERAHEAD_REGISTRATIONS_PER_HOUR", default_value_t = orderahead::config::REGISTRATIONS_PER_HOUR)]
    registrations_per_hour: u32,
    /// Host names the app used to be served from, comma-separated: they show the
    /// outdated-address banner linking to the same route on --public-url.
    #[arg(long, env = "ORDERAHEAD_OLD_HOSTS", value_delimiter = ',')]
    old_hosts: Vec<String>,
    /// Also redirect pages requested on an old host to --public-url (the API keeps answering there).
    #[arg(long, env = "ORDERAHEAD_REDIRECT_OLD_HOSTS")]
    redirect_old_hosts: bool,
    /// Show the TEFAP guideline testing panel (testers only; off in production).
    #[arg(long, env = "ORDERAHEAD_TEFAP_TESTING")]
    tefap_testing: bool,
    /// Send each page's stage durations (session, cache, load, payload, render, document) as a
    /// `Server-Timing` header, for the render bench; off in production.
    #[arg(long, env = "ORDERAHEAD_SERVER_TIMING")]
    server_timing: bool,
    /// How long after its pickup window an order not picked up becomes No-Show (`2h`, `90m`).
    #[arg(long, env = "ORDERAHEAD_NO_SHOW_GRACE", default_value = "2h", value_parser = orderahead::config::parse_grace)]
    no_show_grace: chrono::Duration,
    /// Open client connections at most; more are closed as soon as they are accepted.
    #[arg(long, env = "ORDERAHEAD_MAX_CONNECTIONS", default_value_t = orderahead::connections::MAX_CONNECTIONS)]
    max_connections: usize,
    /// Open connections from one client address at most (0: no such bound); more are closed as
    /// soon as they are accepted. Connections from --trusted-proxy are not bounded.
    #[arg(long, env = "ORDERAHEAD_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = orderahead::connections::MAX_CONNECTIONS_PER_ADDRESS)]
    max_connections_per_address: usize,
    /// Where uploaded photos live: `database` (default on PostgreSQL: every host serves them) or
    /// `directory` (default on SQLite).
    #[arg(long, env = "ORDERAHEAD_FILE_STORE", value_enum)]
    file_store: Option<orderahead::infra::files::FileBackend>,
    /// The directory of the directory store (one the hosts share); default `<data dir>/files`.
    #[arg(long, env = "ORDERAHEAD_FILES_DIR")]
    files_dir: Option<PathBuf>,
    /// Serve Prometheus metrics at `/metrics` on this address (one only the scraper reaches);
    /// off by default, and never on `--bind`.
    #[arg(long, env = "ORDERAHEAD_METRICS_BIND")]
    metrics_bind: Option<SocketAddr>,
    /// Seconds a host keeps serving after SIGTERM or Ctrl-C with `/readyz` answering 503, so a
    /// load balancer takes it out before its port closes (a few health-check intervals).
    #[arg(long, env = "ORDERAHEAD_DRAIN_SECONDS", default_value_t = 0)]
    drain_seconds: u64,
}

#[derive(Args, Clone)]
struct DataArgs {
    /// Where the embedded database and the mail outbox live.
    #[arg(long, env = "ORDERAHEAD_DATA_DIR", default_value = "./data")]
    data_dir: PathBuf,
    /// PostgreSQL (or SQLite) URL; overrides the embedded database.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
}

impl DataArgs {
    fn url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| db::sqlite_url(&self.data_dir))
    }
}

impl ServeArgs {
    fn into_config(self) -> Config {
        let mut render = PoolConfig::default();
        if let Some(n) = self.render_threads {
            render.threads = n.max(1);
            render.queue = render.threads * orderahead::render::QUEUE_PER_THREAD;
        }
        if let Some(engine) = self.js_engine {
            render.engine = engine;
        }
        if let Some(mb) = self.render_memory_mb {
            render.memory_limit = mb.max(16) << 20;
        }
        if let Some(n) = self.render_warm_up {
            render.warm_up = n;
        }
        Config {
            public_url: self.public_url.unwrap_or_else(|| format!("http://{}", self.bind)),
            bind: self.bind,
            data_dir: self.data.data_dir,
            database_url: self.data.database_url,
            tile_url: self.tile_url,
            render,
            mail: self.mail,
            sms: self.sms,
            geocoder: self.geocoder,
            trusted_proxy: self.trusted_proxy,
            token_secret: self.token_secret,
            registrations_per_hour: self.registrations_per_hour,
            old_hosts: self.old_hosts.iter().map(|h| h.trim().to_ascii_lowercase()).filter(|h| !h.is_empty()).collect(),
            redirect_old_hosts: self.redirect_old_hosts,
            tefap_testing: self.tefap_testing,
            server_timing: self.server_timing,
            no_show_grace: self.no_show_grace,
            file_store: self.file_store,
            files_dir: self.files_dir,
            metrics_bind: self.metrics_bind,
            drain: std::time::Duration::from_secs(self.drain_seconds),
            sitemap_page_size: orderahead::config::SITEMAP_MAX_URLS,
            connections: orderahead::connections::ConnectionLimits {
                max_connections: self.max_connections.max(1),
                max_per_address: self.max_connections_per_address,
                ..Default::default()
            },
        }
    }
}

fn main() -> anyhow::Result<()> {
    limit_malloc_arenas();
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(run())
}

/// glibc gives each thread that allocates at once an arena of its own, up to eight per core, and
/// hands little of their freed memory back: after the render bench's 200-connection load the host
/// held 241 MB with glibc's default and 213-220 MB with two arenas (three runs), render times
/// unchanged (issue 27).
/// Set before the runtime starts its threads, so that every thread shares them.
fn limit_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: a plain glibc setting, made before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

async fn run() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,tower_http=info,sqlx=warn".into()),
        )
        .init();
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Serve(Box::new(cli.serve))) {
        Command::Serve(args) => server::run(args.into_config()).await,
        Command::Migrate(data) => {
            let conn = db::connect(&data.url()).await?;
            db::migrate(&conn).await?;
            tracing::info!("migrations applied");
            Ok(())
        }
        Command::Seed(args) => {
            let conn = db::connect(&args.data.url()).await?;
            db::migrate(&conn).await?;
            if let Some(n) = args.scale {
                let summary = db::seed::seed_scale(&conn, n, db::now()).await?;
                tracing::info!(?summary, "scale data loaded");
            } else {
                let summary = db::seed::seed_demo(&conn, db::now(), auth::hash_password_blocking).await?;
                tracing::info!(?summary, "demo data loaded");
            }
            Ok(())
        }
        Command::Backup(args) => {
            if args.data.url().starts_with("postgres") {
                anyhow::bail!(orderahead::backup::ON_POSTGRES);
            }
            let conn = db::connect(&args.data.url()).await?;
            let files = args.files_dir.unwrap_or_else(|| args.data.data_dir.join("files"));
            let summary = orderahead::backup::backup(&conn, &files, &args.to).await?;
            println!(
                "backed up to {}: the database ({} bytes) and {} uploaded files",
                args.to.display(),
                summary.database_bytes,
                summary.files
            );
            Ok(())
        }
        Command::Restore(args) => {
            if args.database_url.as_deref().is_some_and(|u| u.starts_with("postgres")) {
                anyhow::bail!(orderahead::backup::ON_POSTGRES);
            }
            let files = args.files_dir.unwrap_or_else(|| args.data_dir.join("files"));
            let summary = orderahead::backup::restore(&args.from, &args.data_dir, &files).await?;
            println!(
                "restored into {}: the database ({} bytes) and {} uploaded files; everyone signs in again",
                args.data_dir.display(),
                summary.database_bytes,
                summary.files
            );
            Ok(())
        }
        Command::Staff(StaffCommand::Add(args)) => {
            use orderahead::{db::repo::staff::grants::GrantPlace, domain::staff::StaffRole};
            let role = StaffRole::from_code(&args.role).ok_or_else(|| anyhow::anyhow!("unknown role"))?;
            let place = match (args.food_bank, args.pantry, args.program) {
                (Some(id), _, _) => GrantPlace::FoodBank(id),
                (None, Some(id), _) => GrantPlace::Pantry(id),
                (None, None, Some(id)) => GrantPlace::DeliveryProgram(id),
                (None, None, None) => anyhow::bail!("--food-bank, --pantry or --program is required"),
            };
            let conn = db::connect(&args.data.url()).await?;
            db::migrate(&conn).await?;
            let store = db::repo::Store::new(conn);
            let granted =
                orderahead::add_staff(&store, &args.public_url, &args.email, role, place, None, chrono::Utc::now())
                    .await?;
            // The invitation is an outbox row: sent now, through this command's mail settings
            // (a running server would send it too, once).
            let mailer = orderahead::mail::Mailer::new(&args.mail, &args.data.data_dir);
            orderahead::send_outbox(&store, std::sync::Arc::new(mailer)).await?;
            let made = if granted.new_account { "new account" } else { "existing account" };
            println!("{} ({made}, id {}) is {} and was mailed an invitation", args.email, granted.user_id, role.code());
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testers_panel_and_old_host_redirects_are_off_unless_asked_for() {
        let Some(Command::Serve(args)) = Cli::parse_from(["orderahead", "serve"]).command else {
            panic!("serve subcommand")
        };
        let config = args.into_config();
        assert!(!config.tefap_testing && !config.redirect_old_hosts && config.old_hosts.is_empty());

        let Some(Command::Serve(args)) = Cli::parse_from([
            "orderahead",
            "serve",
            "--old-hosts",
            "Old.example.org, test.example.org",
            "--tefap-testing",
        ])
        .command
        else {
            panic!("serve subcommand")
        };
        let config = args.into_config();
        assert_eq!(config.old_hosts, ["old.example.org", "test.example.org"]);
        assert!(config.tefap_testing);
    }
}

//! Argon2 work bounded to the machine: each hash takes ~19 MiB and tens of ms of
//! CPU by design, so a burst of logins run all at once would exhaust memory and
//! starve every other request. At most one hash per core runs; the rest wait a
//! little for a slot, then are told to come back (429). Hashes run on a fixed set
//! of threads of their own, each with one argon2 work area it keeps for life: with a fresh
//! 19 MiB allocation per hash, glibc's malloc kept every freed area (RSS grew by ~19 MiB per
//! hash, measured: 78 MB to 411 MB after 18 sign-ups; 500 MB after a 200-login burst on
//! tokio's blocking pool).
use argon2::{
    Algorithm, Argon2, Block, Params, PasswordHash, Version,
    password_hash::{self, Output, ParamsString, SaltString, rand_core::OsRng},
};
use std::{
    cell::RefCell,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};
use tokio::sync::Semaphore;

/// How long a request may queue for a hashing slot before it is turned away.
const QUEUE_WAIT: Duration = Duration::from_secs(2);

/// No hashing slot came free in time.
#[derive(Debug)]
pub struct Busy;

type Job = Box<dyn FnOnce() + Send>;

pub struct Hasher {
    slots: Arc<Semaphore>,
    wait: Duration,
    runs: AtomicU64,
    /// Dropping the hasher closes it, and its threads end.
    jobs: async_channel::Sender<Job>,
}

impl Default for Hasher {
    fn default() -> Self {
        Self::new(std::thread::available_parallelism().map_or(1, |n| n.get()), QUEUE_WAIT)
    }
}

impl Hasher {
    pub fn new(parallel: usize, wait: Duration) -> Self {
        let parallel = parallel.max(1);
        let (jobs, queue) = async_channel::unbounded::<Job>();
        for i in 0..parallel {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new().name(format!("argon2-{i}")).spawn(move || {
                while let Ok(job) = queue.recv_blocking() {
                    job();
                }
            });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "password hashing thread not started");
            }
        }
        Self { slots: Arc::new(Semaphore::new(parallel)), wait, runs: AtomicU64::new(0), jobs }
    }

    /// How many hashes and verifications have run: lets tests prove a throttle held.
    pub fn runs(&self) -> u64 {
        self.runs.load(Ordering::Relaxed)
    }

    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, Busy> {
        let slot = tokio::time::timeout(self.wait, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| Busy)?
            .map_err(|_| Busy)?;
        self.runs.fetch_add(1, Ordering::Relaxed);
        // The slot moves into the job: a request dropped mid-hash (client gone,
        // timeout) must not free it while the hash still runs.
        let (done, result) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(work());
            drop(slot);
        });
        self.jobs.send(job).await.map_err(|_| Busy)?;
        result.await.map_err(|_| Busy)
    }

    pub async fn hash(&self, password: String) -> Result<String, Busy> {
        self.run(move || hash_password_blocking(&password)).await
    }

    pub async fn verify(&self, password: String, hash: String) -> Result<bool, Busy> {
        self.run(move || verify_blocking(&password, &hash)).await
    }
}

thread_local! {
    /// This thread's argon2 work area, reused by every hash it computes.
    static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// Argon2 output for `password` and `salt` into `out`, computed in this thread's work area.
fn compute(argon: &Argon2, password: &[u8], salt: &[u8], out: &mut [u8]) -> password_hash::Result<()> {
    BLOCKS.with_borrow_mut(|blocks| {
        let need = argon.params().block_count();
        if blocks.len() < need {
            blocks.resize(need, Block::default());
        }
        Ok(argon.hash_password_into_with_memory(password, salt, out, &mut blocks[..need])?)
    })
}

/// argon2id with the crate's default (OWASP) parameters, as a PHC string; for the hashing
/// threads, seeding and start-up.
pub fn hash_password_blocking(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    let argon = Argon2::default();
    let mut salt_bytes = [0u8; 64];
    let hashed = salt
        .as_salt()
        .decode_b64(&mut salt_bytes)
        .and_then(|raw| {
            Output::init_with(Params::DEFAULT_OUTPUT_LEN, |out| compute(&argon, password.as_bytes(), raw, out))
        })
        .and_then(|output| {
            Ok(PasswordHash {
                algorithm: Algorithm::default().ident(),
                version: Some(Version::default().into()),
                params: ParamsString::try_from(argon.params())?,
                salt: Some(salt.as_salt()),
                hash: Some(output),
            })
        });
    hashed.expect("argon2 with default parameters").to_string()
}

/// Whether `password` matches the stored PHC string (with the parameters stored in it).
fn verify_blocking(password: &str, stored: &str) -> bool {
    let Ok(hash) = PasswordHash::new(stored) else { return false };
    let (Some(salt), Some(expected)) = (hash.salt, hash.hash) else { return false };
    let (Ok(algorithm), Ok(version), Ok(params)) = (
        Algorithm::try_from(hash.algorithm),
        hash.version.map_or(Ok(Version::default()), Version::try_from),
        Params::try_from(&hash),
    ) else {
        return false;
    };
    let argon = Argon2::new(algorithm, version, params);
    let mut salt_bytes = [0u8; 64];
    salt.decode_b64(&mut salt_bytes)
        .and_then(|raw| Output::init_with(expected.len(), |out| compute(&argon, password.as_bytes(), raw, out)))
        // Output's equality is constant-time.
        .is_ok_and(|computed| computed == expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_hash_and_verify() {
        let hasher = Hasher::default();
        let h = hasher.hash("OrderAhead!demo".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(hasher.verify("OrderAhead!demo".into(), h.clone()).await.unwrap());
        assert!(!hasher.verify("wrong".into(), h).await.unwrap());
        assert_eq!(hasher.runs(), 3);
    }

    #[test]
    fn hashes_stay_interchangeable_with_the_argon2_crates_own() {
        use argon2::{PasswordHasher, PasswordVerifier};
        let salt = SaltString::generate(&mut OsRng);
        let theirs = Argon2::default().hash_password(b"Stored before", &salt).unwrap();
        assert!(verify_blocking("Stored before", &theirs.to_string()));
        assert!(!verify_blocking("Stored after", &theirs.to_string()));
        let ours = hash_password_blocking("Stored after");
        assert!(Argon2::default().verify_password(b"Stored after", &PasswordHash::new(&ours).unwrap()).is_ok());
        assert!(!verify_blocking("Stored after", "not a PHC string"));
    }

    fn rss_mb() -> f64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let kb = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok());
        kb.unwrap_or(0.0) / 1024.0
    }

    /// Set in the process the test below starts for itself.
    const OWN_PROCESS: &str = "ORDERAHEAD_HASHER_OWN_PROCESS";

    /// Measured in a process of its own: the test binary's other tests (twelve photo decodes at
    /// once, say) grow the same RSS while they run beside it, and failed it in CI.
    #[test]
    fn memory_stays_flat_over_many_hashes() {
        if std::env::var_os(OWN_PROCESS).is_some() {
            return tokio::runtime::Runtime::new().unwrap().block_on(hashes_in_a_row());
        }
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "infra::hasher::tests::memory_stays_flat_over_many_hashes", "--nocapture"])
            .env(OWN_PROCESS, "1")
            .output()
            .unwrap();
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{text}");
        assert!(text.contains("1 passed"), "the measurement ran: {text}");
    }

    async fn hashes_in_a_row() {
        let hasher = Hasher::new(2, QUEUE_WAIT);
        for _ in 0..4 {
            hasher.hash("warm both threads".into()).await.unwrap();
        }
        let before = rss_mb();
        for i in 0..24 {
            hasher.hash(format!("password {i}")).await.unwrap();
        }
        // A fresh 19 MiB area per hash grew RSS by about that much per hash (~450 MB here).
        let grown = rss_mb() - before;
        assert!(grown < 120.0, "RSS grew {grown:.0} MB over 24 hashes");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_burst_beyond_the_slots_is_turned_away_after_the_wait() {
        let hasher = Arc::new(Hasher::new(1, Duration::from_millis(1)));
        let hash = hash_password_blocking("some password");
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let (hasher, hash) = (hasher.clone(), hash.clone());
                tokio::spawn(async move { hasher.verify("guess".into(), hash).await.is_ok() })
            })
            .collect();
        let mut done = 0;
        for t in tasks {
            done += usize::from(t.await.unwrap());
        }
        assert!((1..20).contains(&done), "{done} of 20 ran with one slot and no time to wait");
        assert_eq!(hasher.runs(), done as u64);
    }
}

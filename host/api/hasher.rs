//! Argon2 work bounded to the machine: each hash takes ~19 MiB and tens of ms of
//! CPU by design, so a burst of logins run all at once would exhaust memory and
//! starve every other request. At most one hash per core runs; the rest wait a
//! little for a slot, then are told to come back (429). Hashes run on a fixed set
//! of threads of their own: on tokio's growing blocking pool every new thread kept
//! its own malloc arena with a hash-sized block in it (measured: 500 MB after a
//! 200-login burst with two hashes at a time).
use super::error::ApiError;
use argon2::{
    Argon2, PasswordHash, PasswordHasher, PasswordVerifier,
    password_hash::{SaltString, rand_core::OsRng},
};
use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};
use tokio::sync::Semaphore;

/// How long a request may queue for a hashing slot before it is turned away.
const QUEUE_WAIT: Duration = Duration::from_secs(2);
pub const HASHER_BUSY: &str = "The server is busy. Please try again in a moment.";

/// No hashing slot came free in time.
#[derive(Debug)]
pub struct Busy;

impl From<Busy> for ApiError {
    fn from(_: Busy) -> Self {
        ApiError::too_many(HASHER_BUSY, Duration::from_secs(1))
    }
}

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
        self.run(move || {
            PasswordHash::new(&hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
        })
        .await
    }
}

/// argon2id with the crate's default (OWASP) parameters; for seeding and start-up.
pub fn hash_password_blocking(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default().hash_password(password.as_bytes(), &salt).expect("argon2 with default parameters").to_string()
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

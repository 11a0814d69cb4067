//! The time new code reads: [`SystemClock`] in the server, [`TestClock`] in tests (standing
//! still, or the system's time moved by hand), so what depends on the time (back-off, leases,
//! the no-show grace) is deterministic.
use chrono::{DateTime, Duration, SubsecRound, Utc};
use std::sync::Mutex;

pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Now, at the precision both databases store (microseconds).
    fn now(&self) -> DateTime<Utc>;
}

#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        crate::db::now()
    }
}

/// A test's clock: fixed at an instant ([`TestClock::at`]) or the system's time plus an offset
/// ([`TestClock::system`]), moved by [`TestClock::advance`].
#[derive(Debug)]
pub struct TestClock(Mutex<(Option<DateTime<Utc>>, Duration)>);

impl TestClock {
    /// Stands at `now` until moved.
    pub fn at(now: DateTime<Utc>) -> Self {
        Self(Mutex::new((Some(now.trunc_subsecs(6)), Duration::zero())))
    }

    /// Runs with the system's time until moved.
    pub fn system() -> Self {
        Self(Mutex::new((None, Duration::zero())))
    }

    pub fn advance(&self, by: Duration) {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).1 += by;
    }

    /// Undoes every [`advance`](Self::advance): a shared test server's next suite starts at the
    /// time it was started with.
    pub fn reset(&self) {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).1 = Duration::zero();
    }
}

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        let (fixed, offset) = *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        fixed.unwrap_or_else(crate::db::now) + offset
    }
}

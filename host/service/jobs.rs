//! The server's periodic jobs, run inside every host but by one host at a time: a host runs a
//! job only when it wins the job's claim (`db::repo::jobs`), a lease that lets another host take
//! over should it die mid-run: the no-show job (issue "Staff side 1" item 8) and the schedule job
//! (issue 24), which publishes every scheduled pantry's pickup times and every scheduled delivery
//! program's windows for its horizon as the days go by (an edit publishes its own at once, in its
//! own transaction), the reminder job (issue 25), the day before's pickup reminders, and the
//! retention job (issue 53), which erases what is past its time.
use super::{Context, Result};
use chrono::Duration;

/// A job and how often it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// Pickup orders still waiting a grace period after their window become No-Show.
    NoShow,
    /// Every scheduled pantry's pickup times and delivery program's windows made for its horizon
    /// (`service::schedules`, `service::delivery_schedules`).
    Schedules,
    /// The day before's pickup reminders (`service::reminders`).
    Reminders,
    /// What is past its time erased (`service::retention`).
    Retention,
}

impl Job {
    pub const ALL: [Self; 4] = [Self::NoShow, Self::Schedules, Self::Reminders, Self::Retention];

    pub fn name(self) -> &'static str {
        match self {
            Self::NoShow => "no-show",
            Self::Schedules => "schedules",
            Self::Reminders => "reminders",
            Self::Retention => "retention",
        }
    }

    fn every(self) -> Duration {
        match self {
            Self::NoShow => Duration::minutes(5),
            // The horizon moves on by a day a day; an edit publishes its own pantry at once.
            Self::Schedules => Duration::days(1),
            // Zones reach 10:00 an hour apart; orders placed for tomorrow after a run wait an hour.
            Self::Reminders => Duration::minutes(30),
            Self::Retention => Duration::days(1),
        }
    }
}

/// Longer than a run takes, so a live host keeps its job; a dead one's is free after it.
const LEASE: Duration = Duration::minutes(10);

/// What the jobs read besides the context.
#[derive(Debug, Clone, Copy)]
pub struct JobSettings {
    /// How long after a pickup window an order still waiting is left alone (`--no-show-grace`).
    pub no_show_grace: Duration,
}

/// Runs each job that is due and that this host (`host`, unique per process) wins; the jobs run,
/// with what each did.
pub async fn run_due(state: &Context, host: &str, settings: JobSettings) -> Result<Vec<(Job, usize)>> {
    let mut ran = Vec::new();
    for job in Job::ALL {
        let started = state.clock.now();
        if !state.store.claim_job(job.name(), host, started, job.every(), LEASE).await? {
            continue;
        }
        let done = match job {
            Job::NoShow => super::orders::close_no_shows(state, settings.no_show_grace).await,
            Job::Schedules => match super::schedules::publish_all(state).await {
                Ok(times) => super::delivery_schedules::publish_all(state).await.map(|windows| times + windows),
                Err(e) => Err(e),
            },
            Job::Reminders => super::reminders::remind_tomorrow(state).await.map(|n| n as usize),
            Job::Retention => super::retention::erase_expired(state).await,
        };
        state.store.finish_job(job.name(), host, state.clock.now(), started + job.every()).await?;
        state.metrics.job_ran(job.name(), done.is_ok());
        ran.push((job, done?));
    }
    Ok(ran)
}

/// Runs for the life of the host: looks for due jobs every `poll`.
pub async fn run(state: Context, host: String, settings: JobSettings, poll: std::time::Duration) {
    loop {
        match run_due(&state, &host, settings).await {
            Ok(ran) => {
                for (job, n) in ran {
                    tracing::info!(job = job.name(), changed = n, "job ran");
                }
            }
            Err(e) => tracing::error!(error = %e, "jobs not run"),
        }
        tokio::time::sleep(poll).await;
    }
}

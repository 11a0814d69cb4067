//! The stages of a page answer, timed. Each stage is also a tracing span (`page.load`,
//! `page.render`, ...), so a subscriber that records spans sees where a slow page spent its time;
//! with `--server-timing` the durations go out as the standard `Server-Timing` header, which the
//! render bench reads to print each page's breakdown. Off by default: timings tell an outsider
//! whether a page came from the cache.
use axum::http::HeaderValue;
use std::{fmt::Write, future::Future, time::Instant};
use tracing::Instrument;

/// A stage's result with its name and time (`Stages::timed`).
pub struct Timed<T> {
    name: &'static str,
    ms: f64,
    out: T,
}

#[derive(Default)]
pub struct Stages {
    done: Vec<(&'static str, f64)>,
}

impl Stages {
    /// Runs the stage `name` in its span and keeps how long it took.
    pub async fn time<T>(&mut self, name: &'static str, stage: impl Future<Output = T>) -> T {
        let start = Instant::now();
        let out = stage.instrument(tracing::debug_span!("page", stage = name)).await;
        self.done.push((name, start.elapsed().as_secs_f64() * 1e3));
        out
    }

    /// The same for a stage that does not wait.
    pub fn time_sync<T>(&mut self, name: &'static str, stage: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = tracing::debug_span!("page", stage = name).in_scope(stage);
        self.done.push((name, start.elapsed().as_secs_f64() * 1e3));
        out
    }

    /// A stage that runs alongside another (the pair is awaited together, so neither can hold
    /// `&mut self`): its result and time, for [`Stages::add`].
    pub async fn timed<T>(name: &'static str, stage: impl Future<Output = T>) -> Timed<T> {
        let start = Instant::now();
        let out = stage.instrument(tracing::debug_span!("page", stage = name)).await;
        Timed { name, ms: start.elapsed().as_secs_f64() * 1e3, out }
    }

    /// Keeps the time of a stage run with [`Stages::timed`]; answers its result.
    pub fn add<T>(&mut self, timed: Timed<T>) -> T {
        self.done.push((timed.name, timed.ms));
        timed.out
    }

    /// Splits the stage `whole` into `rest` and `part`, which took `took` of it: a render is its
    /// wait for an engine (with the hand-over to the render thread and back) and the engine's time.
    pub fn split(&mut self, whole: &'static str, rest: &'static str, part: &'static str, took: std::time::Duration) {
        let ms = took.as_secs_f64() * 1e3;
        if let Some(at) = self.done.iter().position(|(name, _)| *name == whole) {
            self.done[at] = (rest, (self.done[at].1 - ms).max(0.0));
            self.done.insert(at + 1, (part, ms));
        }
    }

    /// `load;dur=3.120, render;dur=1.004, ...` in the order the stages ran.
    pub fn header(&self) -> Option<HeaderValue> {
        let mut text = String::new();
        for (name, ms) in &self.done {
            let sep = if text.is_empty() { "" } else { ", " };
            let _ = write!(text, "{sep}{name};dur={ms:.3}");
        }
        HeaderValue::from_str(&text).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn stages_are_listed_in_the_order_they_ran() {
        let mut stages = Stages::default();
        stages.time("load", async {}).await;
        assert_eq!(stages.time_sync("payload", || 7), 7);
        let header = stages.header().unwrap();
        let names: Vec<&str> = header.to_str().unwrap().split(", ").map(|s| s.split(';').next().unwrap()).collect();
        assert_eq!(names, ["load", "payload"]);
        assert!(header.to_str().unwrap().contains("dur="));
    }

    #[tokio::test]
    async fn a_render_splits_into_its_wait_and_the_engines_time() {
        let mut stages = Stages::default();
        let (a, b) = tokio::join!(Stages::timed("versions", async { 1 }), Stages::timed("render", async { 2 }));
        assert_eq!((stages.add(a), stages.add(b)), (1, 2));
        stages.done[1].1 = 3.0;
        stages.split("render", "queue", "engine", std::time::Duration::from_millis(2));
        let header = stages.header().unwrap();
        let header = header.to_str().unwrap();
        assert!(header.starts_with("versions;dur="), "{header}");
        assert!(header.ends_with("queue;dur=1.000, engine;dur=2.000"), "{header}");
    }
}

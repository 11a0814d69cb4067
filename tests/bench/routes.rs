//! `cargo bench --bench routes`: the delivery routes of issue 51 on their own, before the runs are
//! stored: a window's 400 stops around Columbus shared among 8 drivers (`geo::split`) and each run
//! put in driving order from the depot (`geo::route`). Prints the p50 and p95 of the whole making
//! (the target for making runs, database included, is 200 ms), and the miles driven
//! against the named peer in the same run: the same stops cut into 8 runs in the order they were
//! ordered, each driven in that order, as a coordinator with a list and no map would.
use orderahead::geo::{GeoPoint, haversine_miles, route, split};
use std::{hint::black_box, time::Instant};

const STOPS: u32 = 400;
const DRIVERS: usize = 8;
const RUNS: usize = 40;

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// A round trip from the depot through the stops in this order, in miles.
fn trip(depot: GeoPoint, stops: &[(u32, GeoPoint)]) -> f64 {
    let mut at = depot;
    let mut miles = 0.0;
    for &(_, next) in stops {
        miles += haversine_miles(at, next);
        at = next;
    }
    miles + haversine_miles(at, depot)
}

fn main() {
    // The Main Library, and 400 addresses scattered over about 15 by 12 miles around it, in a
    // deterministic order (a multiplicative hash of the stop number).
    let depot = GeoPoint::new(39.9612, -82.9988);
    let stops: Vec<(u32, GeoPoint)> = (0..STOPS)
        .map(|i| {
            let h = i.wrapping_mul(2_654_435_761);
            let (a, b) = (f64::from(h % 1000) / 1000.0, f64::from((h / 1000) % 1000) / 1000.0);
            (i, GeoPoint::new(depot.lat - 0.09 + 0.18 * a, depot.lng - 0.14 + 0.28 * b))
        })
        .collect();

    let make = || -> f64 { split(depot, &stops, DRIVERS).iter().map(|run| route(depot, run).1).sum() };
    let miles = make();
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let t0 = Instant::now();
        black_box(make());
        times.push(t0.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);

    let per_run = STOPS as usize / DRIVERS;
    let peer: f64 = stops.chunks(per_run).map(|run| trip(depot, run)).sum();
    println!(
        "[routes] {STOPS} stops into {DRIVERS} runs, split and routed: p50 {:.1} ms, p95 {:.1} ms [target for making runs ≤ 200 ms]",
        pct(&times, 0.5),
        pct(&times, 0.95)
    );
    println!(
        "[routes] miles driven: routed {miles:.0}, peer (runs in order placed, driven as listed) {peer:.0}: {:.2}× the peer's",
        miles / peer
    );
}

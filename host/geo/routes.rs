//! Delivery routes (issue 51), on straight-line distances: no road network is at hand, and for the
//! few miles of a pantry's deliveries the order matters more than the exact miles.
//!
//! - [`split`] shares a window's stops among drivers by a sweep around the depot: stops in bearing
//!   order, cut where the widest empty sector is, into runs whose sizes differ by one at most. A
//!   run is a slice of the map, so nearby stops ride together and no driver crosses another's.
//! - [`route`] orders one run's stops as a round trip from the depot: nearest neighbour first,
//!   then 2-opt (reverse any stretch that shortens the trip) until no reversal helps.
use super::{GeoPoint, haversine_miles};

/// How many full 2-opt passes a route gets at most; a pass over 50 stops is 1,225 checks, and a
/// nearest-neighbour start settles in a handful.
const MAX_PASSES: usize = 64;

/// The stops shared among at most `drivers` runs (fewer when there are fewer stops), each run's
/// stops in bearing order from the depot; run sizes differ by one at most.
pub fn split<Id: Copy + Ord>(depot: GeoPoint, stops: &[(Id, GeoPoint)], drivers: usize) -> Vec<Vec<(Id, GeoPoint)>> {
    let runs = drivers.min(stops.len());
    if runs == 0 {
        return Vec::new();
    }
    let mut swept: Vec<(f64, f64, Id, GeoPoint)> =
        stops.iter().map(|&(id, at)| (bearing(depot, at), haversine_miles(depot, at), id, at)).collect();
    swept.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)));
    // Start after the widest empty sector, so no run straddles a cluster it could have kept whole.
    let gap_after = |i: usize| {
        let next = if i + 1 == swept.len() { swept[0].0 + std::f64::consts::TAU } else { swept[i + 1].0 };
        next - swept[i].0
    };
    let widest = (0..swept.len()).max_by(|&a, &b| gap_after(a).total_cmp(&gap_after(b)).then(b.cmp(&a))).unwrap_or(0);
    let start = (widest + 1) % swept.len();
    swept.rotate_left(start);
    let (each, more) = (swept.len() / runs, swept.len() % runs);
    let mut rest = swept.into_iter().map(|(_, _, id, at)| (id, at));
    (0..runs).map(|r| rest.by_ref().take(each + usize::from(r < more)).collect()).collect()
}

/// The stops in driving order from the depot and back, and the trip's miles.
pub fn route<Id: Copy>(depot: GeoPoint, stops: &[(Id, GeoPoint)]) -> (Vec<(Id, GeoPoint)>, f64) {
    let n = stops.len();
    // Place 0 is the depot, place i + 1 the i-th stop.
    let places: Vec<GeoPoint> = std::iter::once(depot).chain(stops.iter().map(|s| s.1)).collect();
    let d: Vec<Vec<f64>> = places.iter().map(|&a| places.iter().map(|&b| haversine_miles(a, b)).collect()).collect();
    let mut tour = Vec::with_capacity(n + 1);
    tour.push(0);
    let mut left: Vec<usize> = (1..=n).collect();
    while !left.is_empty() {
        let here = *tour.last().unwrap_or(&0);
        let (i, _) = left.iter().enumerate().min_by(|a, b| d[here][*a.1].total_cmp(&d[here][*b.1])).unwrap_or((0, &0));
        tour.push(left.remove(i));
    }
    let next = |tour: &[usize], k: usize| if k + 1 > n { 0 } else { tour[k + 1] };
    for _ in 0..MAX_PASSES {
        let mut better = false;
        for i in 1..n {
            for k in i + 1..=n {
                let (a, b, c, e) = (tour[i - 1], tour[i], tour[k], next(&tour, k));
                if d[a][c] + d[b][e] < d[a][b] + d[c][e] - 1e-9 {
                    tour[i..=k].reverse();
                    better = true;
                }
            }
        }
        if !better {
            break;
        }
    }
    let miles = (0..=n).map(|k| d[tour[k]][next(&tour, k)]).sum();
    (tour[1..].iter().map(|&p| stops[p - 1]).collect(), miles)
}

/// The bearing of `to` seen from `from`, in radians, on a local flat projection.
fn bearing(from: GeoPoint, to: GeoPoint) -> f64 {
    let x = (to.lng - from.lng) * from.lat.to_radians().cos();
    (to.lat - from.lat).atan2(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEPOT: GeoPoint = GeoPoint::new(39.96, -83.0);

    fn at(dlat: f64, dlng: f64) -> GeoPoint {
        GeoPoint::new(DEPOT.lat + dlat, DEPOT.lng + dlng)
    }

    #[test]
    fn runs_are_balanced_and_keep_a_side_of_town_together() {
        // Six stops east of the depot, five west: two drivers take one side each.
        let mut stops: Vec<(u32, GeoPoint)> = (0..6).map(|i| (i, at(0.01 * f64::from(i) - 0.02, 0.05))).collect();
        stops.extend((6..11).map(|i| (i, at(0.01 * f64::from(i - 6) - 0.02, -0.05))));
        let runs = split(DEPOT, &stops, 2);
        let sides: Vec<Vec<bool>> = runs.iter().map(|r| r.iter().map(|s| s.1.lng > DEPOT.lng).collect()).collect();
        assert_eq!(runs.iter().map(Vec::len).collect::<Vec<_>>(), vec![6, 5]);
        assert!(sides.iter().all(|run| run.iter().all(|&east| east == run[0])), "{sides:?}");
        // Ten stops for three drivers: 4, 3 and 3, every stop once.
        let runs = split(DEPOT, &stops[..10], 3);
        assert_eq!(runs.iter().map(Vec::len).collect::<Vec<_>>(), vec![4, 3, 3]);
        let mut ids: Vec<u32> = runs.concat().iter().map(|s| s.0).collect();
        ids.sort();
        assert_eq!(ids, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn fewer_stops_than_drivers_make_fewer_runs() {
        let stops = [(1, at(0.01, 0.0)), (2, at(0.0, 0.01))];
        assert_eq!(split(DEPOT, &stops, 5).len(), 2);
        assert!(split::<u8>(DEPOT, &[], 3).is_empty());
        assert!(split(DEPOT, &stops, 0).is_empty());
        assert_eq!(route::<u8>(DEPOT, &[]), (Vec::new(), 0.0));
    }

    #[test]
    fn a_route_uncrosses_itself_and_counts_the_way_back() {
        // The corners of a square north-east of the depot, given in a crossing order.
        let square = [(1, at(0.0, 0.02)), (2, at(0.02, 0.0)), (3, at(0.02, 0.02)), (4, at(0.0, 0.0001))];
        let (order, miles) = route(DEPOT, &square);
        let ids: Vec<u8> = order.iter().map(|s| s.0).collect();
        assert!(ids == [4, 1, 3, 2] || ids == [2, 3, 1, 4], "{ids:?}");
        let stops: Vec<GeoPoint> = order.iter().map(|s| s.1).collect();
        let by_hand = haversine_miles(DEPOT, stops[0])
            + stops.windows(2).map(|w| haversine_miles(w[0], w[1])).sum::<f64>()
            + haversine_miles(stops[3], DEPOT);
        assert!((miles - by_hand).abs() < 1e-9, "{miles} / {by_hand}");
    }

    #[test]
    fn a_route_is_never_longer_than_the_order_it_was_given() {
        // A scatter of 60 stops given in a zigzag order: the route drives under half of it, its
        // miles are those of its order, and it is the same every time.
        let stops: Vec<(u32, GeoPoint)> = (0..60u32)
            .map(|i| (i, at(f64::from((i * 37) % 60) / 1000.0 - 0.03, f64::from((i * 53) % 61) / 1000.0 - 0.03)))
            .collect();
        let given = |s: &[(u32, GeoPoint)]| {
            haversine_miles(DEPOT, s[0].1)
                + s.windows(2).map(|w| haversine_miles(w[0].1, w[1].1)).sum::<f64>()
                + haversine_miles(s[s.len() - 1].1, DEPOT)
        };
        let (order, miles) = route(DEPOT, &stops);
        assert!(miles < given(&stops) * 0.5, "{miles} / {}", given(&stops));
        assert!((given(&order) - miles).abs() < 1e-9);
        assert_eq!(
            route(DEPOT, &stops).0.iter().map(|s| s.0).collect::<Vec<_>>(),
            order.iter().map(|s| s.0).collect::<Vec<_>>()
        );
    }
}

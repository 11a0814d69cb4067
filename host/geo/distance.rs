//! Great-circle distance, a box for SQL pre-filtering, and an in-memory grid for radius search.

use std::collections::HashMap;
use std::f64::consts::FRAC_PI_2;

use super::GeoPoint;

/// Mean Earth radius (IUGG).
pub const EARTH_RADIUS_MILES: f64 = 3958.7613;

pub fn haversine_miles(a: GeoPoint, b: GeoPoint) -> f64 {
    let (lat1, lat2) = (a.lat.to_radians(), b.lat.to_radians());
    let h = ((lat2 - lat1) / 2.0).sin().powi(2)
        + lat1.cos() * lat2.cos() * ((b.lng - a.lng).to_radians() / 2.0).sin().powi(2);
    // min(1.0): rounding can push h a hair above 1 for antipodal points, and asin would give NaN.
    2.0 * EARTH_RADIUS_MILES * h.sqrt().min(1.0).asin()
}

/// `(min_lat, max_lat, min_lng, max_lng)` containing every point within `radius_miles` of
/// `center`, for an indexed `lat BETWEEN .. AND lng BETWEEN ..` pre-filter; the caller still
/// checks `haversine_miles`. If the circle reaches a pole or crosses the 180° meridian the
/// longitude range becomes -180..180, so the query never has to wrap.
pub fn bounding_box(center: GeoPoint, radius_miles: f64) -> (f64, f64, f64, f64) {
    // Widened by 1e-9 rad (about 6 mm) so rounding never drops a point lying on the circle.
    let r = radius_miles.max(0.0) / EARTH_RADIUS_MILES + 1e-9;
    let lat = center.lat.to_radians();
    let (min_lat, max_lat) = (lat - r, lat + r);
    let lat_range = (min_lat.to_degrees().max(-90.0), max_lat.to_degrees().min(90.0));
    if min_lat <= -FRAC_PI_2 || max_lat >= FRAC_PI_2 {
        return (lat_range.0, lat_range.1, -180.0, 180.0);
    }
    // Longitude half-width at the circle's tangent points, which are not on the center's parallel.
    let dlng = (r.sin() / lat.cos()).asin().to_degrees();
    let (min_lng, max_lng) = (center.lng - dlng, center.lng + dlng);
    if min_lng < -180.0 || max_lng > 180.0 {
        return (lat_range.0, lat_range.1, -180.0, 180.0);
    }
    (lat_range.0, lat_range.1, min_lng, max_lng)
}

/// Points bucketed into lat/lng cells, so a radius query reads only the cells its bounding
/// box covers instead of every point.
pub struct GridIndex<Id> {
    cell_deg: f64,
    cells: HashMap<(i32, i32), Vec<(Id, GeoPoint)>>,
    len: usize,
}

impl<Id: Copy + Ord> GridIndex<Id> {
    /// About 17 miles north-south: a typical 5-50 mile search reads a few dozen cells.
    pub const DEFAULT_CELL_DEG: f64 = 0.25;

    pub fn new(points: impl IntoIterator<Item = (Id, GeoPoint)>) -> Self {
        Self::with_cell_size(Self::DEFAULT_CELL_DEG, points)
    }

    pub fn with_cell_size(cell_deg: f64, points: impl IntoIterator<Item = (Id, GeoPoint)>) -> Self {
        // Below this the cell numbers of ±180° no longer fit comfortably in i32.
        assert!(cell_deg >= 0.001 && cell_deg.is_finite(), "cell size {cell_deg}");
        let mut index = Self { cell_deg, cells: HashMap::new(), len: 0 };
        for (id, p) in points {
            index.cells.entry(index.cell(p.lat, p.lng)).or_default().push((id, p));
            index.len += 1;
        }
        index
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every point within `radius_miles` of `center`, nearest first (ties by id).
    pub fn within(&self, center: GeoPoint, radius_miles: f64) -> Vec<(Id, f64)> {
        let (min_lat, max_lat, min_lng, max_lng) = bounding_box(center, radius_miles);
        let (lat0, lng0) = self.cell(min_lat, min_lng);
        let (lat1, lng1) = self.cell(max_lat, max_lng);
        let mut found = Vec::new();
        let mut scan = |bucket: &Vec<(Id, GeoPoint)>| {
            for &(id, p) in bucket {
                let d = haversine_miles(center, p);
                if d <= radius_miles {
                    found.push((id, d));
                }
            }
        };
        let box_cells = (lat1 as i64 - lat0 as i64 + 1) * (lng1 as i64 - lng0 as i64 + 1);
        if box_cells > self.cells.len() as i64 {
            // A huge radius covers more cells than are occupied: walking the occupied ones is cheaper.
            for (&(la, ln), bucket) in &self.cells {
                if (lat0..=lat1).contains(&la) && (lng0..=lng1).contains(&ln) {
                    scan(bucket);
                }
            }
        } else {
            for la in lat0..=lat1 {
                for ln in lng0..=lng1 {
                    if let Some(bucket) = self.cells.get(&(la, ln)) {
                        scan(bucket);
                    }
                }
            }
        }
        found.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
        found
    }

    fn cell(&self, lat: f64, lng: f64) -> (i32, i32) {
        ((lat / self.cell_deg).floor() as i32, (lng / self.cell_deg).floor() as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLUMBUS: GeoPoint = GeoPoint::new(39.9612, -82.9988);
    const CLEVELAND: GeoPoint = GeoPoint::new(41.4993, -81.6944);

    /// xorshift64*: deterministic test data without a rand dependency.
    struct Rng(u64);
    impl Rng {
        fn unit(&mut self) -> f64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
        }
        fn range(&mut self, lo: f64, hi: f64) -> f64 {
            lo + (hi - lo) * self.unit()
        }
    }

    #[test]
    fn haversine_known_distances() {
        let d = haversine_miles(COLUMBUS, CLEVELAND);
        assert!((d - 125.0).abs() < 5.0, "{d}");
        assert_eq!(haversine_miles(COLUMBUS, COLUMBUS), 0.0);
        let quarter = haversine_miles(GeoPoint::new(0.0, 0.0), GeoPoint::new(0.0, 90.0));
        assert!((quarter - EARTH_RADIUS_MILES * FRAC_PI_2).abs() < 1e-6);
        let antipode = haversine_miles(GeoPoint::new(10.0, 20.0), GeoPoint::new(-10.0, -160.0));
        // Haversine loses precision near the antipode (asin near 1); a millimile is plenty.
        assert!((antipode - EARTH_RADIUS_MILES * std::f64::consts::PI).abs() < 1e-3, "{antipode}");
    }

    #[test]
    fn bounding_box_holds_the_whole_circle() {
        let mut rng = Rng(7);
        for _ in 0..20_000 {
            let center = GeoPoint::new(rng.range(-89.0, 89.0), rng.range(-180.0, 180.0));
            let radius = rng.range(0.0, 500.0);
            let (min_lat, max_lat, min_lng, max_lng) = bounding_box(center, radius);
            // A point on the circle in a random direction, by the spherical destination formula.
            let (bearing, r) = (rng.range(0.0, 2.0 * std::f64::consts::PI), radius / EARTH_RADIUS_MILES);
            let lat1 = center.lat.to_radians();
            let lat2 = (lat1.sin() * r.cos() + lat1.cos() * r.sin() * bearing.cos()).asin();
            let dlng = (bearing.sin() * r.sin() * lat1.cos()).atan2(r.cos() - lat1.sin() * lat2.sin());
            let lng2 = (center.lng + dlng.to_degrees() + 540.0) % 360.0 - 180.0;
            let p = GeoPoint::new(lat2.to_degrees(), lng2);
            assert!(
                (min_lat..=max_lat).contains(&p.lat) && (min_lng..=max_lng).contains(&p.lng),
                "{center:?} r={radius} {p:?}"
            );
        }
        assert_eq!(bounding_box(GeoPoint::new(51.9, 179.9), 20.0).2, -180.0);
        let near_pole = bounding_box(GeoPoint::new(89.9, 0.0), 20.0);
        assert_eq!((near_pole.1, near_pole.2, near_pole.3), (90.0, -180.0, 180.0));
        assert!((near_pole.0 - (89.9 - 20.0 / 69.09)).abs() < 1e-3, "{near_pole:?}");
    }

    #[test]
    fn grid_matches_brute_force_over_60k_points() {
        let mut rng = Rng(42);
        // Mostly the lower 48, plus Alaska, Hawaii and the Aleutians across the 180° meridian.
        let points: Vec<(u32, GeoPoint)> = (0..60_000)
            .map(|i| {
                let p = match i % 20 {
                    0 => GeoPoint::new(rng.range(51.0, 71.0), rng.range(-180.0, -130.0)),
                    1 => GeoPoint::new(rng.range(18.9, 22.3), rng.range(-160.3, -154.8)),
                    2 => GeoPoint::new(rng.range(51.0, 53.0), rng.range(172.0, 180.0)),
                    _ => GeoPoint::new(rng.range(24.5, 49.4), rng.range(-124.8, -66.9)),
                };
                (i, p)
            })
            .collect();
        let grid = GridIndex::new(points.iter().copied());
        assert_eq!(grid.len(), 60_000);

        let mut centers: Vec<(GeoPoint, f64)> =
            (0..300).map(|i| (points[i * 199].1, [1.0, 5.0, 10.0, 25.0, 50.0, 100.0][i % 6])).collect();
        centers.extend([
            (GeoPoint::new(52.0, 179.95), 60.0),
            (GeoPoint::new(52.0, -179.95), 60.0),
            (COLUMBUS, 0.0),
            (COLUMBUS, 3000.0),
            (GeoPoint::new(0.0, 0.0), 10.0),
        ]);
        for (center, radius) in centers {
            let mut want: Vec<(u32, f64)> =
                points.iter().map(|&(id, p)| (id, haversine_miles(center, p))).filter(|&(_, d)| d <= radius).collect();
            want.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
            assert_eq!(grid.within(center, radius), want, "{center:?} r={radius}");
        }
    }

    #[test]
    fn empty_grid_and_nonsense_radius() {
        let grid: GridIndex<u32> = GridIndex::new([]);
        assert!(grid.is_empty() && grid.within(COLUMBUS, 50.0).is_empty());
        let grid = GridIndex::new([(1u32, COLUMBUS)]);
        assert!(grid.within(COLUMBUS, -1.0).is_empty());
        assert!(grid.within(COLUMBUS, f64::NAN).is_empty());
        assert_eq!(grid.within(COLUMBUS, 0.0), vec![(1, 0.0)]);
    }
}

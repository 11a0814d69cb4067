//! Which food banks serve a place: the one rule behind the food bank search, the TEFAP
//! answers' food bank and a new account's default food bank.
//!
//! A place is served by the food banks with active pantries within the widest search
//! distance the app offers, nearest pantry first; when none has a pantry that close, by
//! those whose office is within [`OFFICE_RADIUS_MILES`] (how a food bank that has not
//! launched yet, without pantries, is found), nearest office first.

/// Search radii the pantry selector offers (spec §9); the first is the default.
pub const SEARCH_RADII_MILES: [f64; 3] = [10.0, 15.0, 20.0];

/// Pantries this close make their food bank one that serves the place.
pub const SERVING_RADIUS_MILES: f64 = SEARCH_RADII_MILES[SEARCH_RADII_MILES.len() - 1];

/// A food bank with no pantry in range still serves a point this close to its office.
pub const OFFICE_RADIUS_MILES: f64 = 50.0;

/// The radius a search asked for, if it is one the app offers; the default when none was asked.
pub fn search_radius(requested: Option<f64>) -> Option<f64> {
    match requested {
        None => Some(SEARCH_RADII_MILES[0]),
        Some(r) => SEARCH_RADII_MILES.contains(&r).then_some(r),
    }
}

/// One food bank serving a place: how far, and how many of its pantries are in range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Serving {
    pub food_bank_id: i64,
    pub miles: f64,
    pub pantry_count: usize,
}

/// The food banks serving a place, nearest first (ties by id), from the `(food bank, miles)`
/// of each active pantry and of each office near it. Distances beyond the radii are ignored,
/// so callers may pass a coarse pre-filter.
pub fn serving(pantries: &[(i64, f64)], offices: &[(i64, f64)]) -> Vec<Serving> {
    let mut out: Vec<Serving> = Vec::new();
    let mut by_pantry: Vec<(i64, f64)> =
        pantries.iter().copied().filter(|(_, miles)| *miles <= SERVING_RADIUS_MILES).collect();
    by_pantry.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    for (food_bank_id, miles) in by_pantry {
        match out.iter_mut().find(|s| s.food_bank_id == food_bank_id) {
            Some(s) => s.pantry_count += 1,
            None => out.push(Serving { food_bank_id, miles, pantry_count: 1 }),
        }
    }
    if out.is_empty() {
        out = offices
            .iter()
            .filter(|(_, miles)| *miles <= OFFICE_RADIUS_MILES)
            .map(|&(food_bank_id, miles)| Serving { food_bank_id, miles, pantry_count: 0 })
            .collect();
        out.sort_by(|a, b| a.miles.total_cmp(&b.miles).then(a.food_bank_id.cmp(&b.food_bank_id)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_pantry_orders_food_banks_and_counts_theirs_in_range() {
        let pantries = [(2, 12.0), (1, 3.0), (2, 8.0), (3, 20.5), (1, 19.0)];
        let got = serving(&pantries, &[(9, 1.0)]);
        assert_eq!(
            got,
            vec![
                Serving { food_bank_id: 1, miles: 3.0, pantry_count: 2 },
                Serving { food_bank_id: 2, miles: 8.0, pantry_count: 2 },
            ],
            "offices are ignored while a pantry is in range; 20.5 miles is out"
        );
    }

    #[test]
    fn without_pantries_in_range_offices_within_fifty_miles_serve() {
        let got = serving(&[(1, 25.0)], &[(4, 49.0), (5, 51.0), (3, 49.0)]);
        let ids: Vec<i64> = got.iter().map(|s| s.food_bank_id).collect();
        assert_eq!(ids, vec![3, 4]);
        assert!(serving(&[], &[]).is_empty());
    }

    #[test]
    fn only_the_offered_radii_are_searched() {
        assert_eq!(search_radius(None), Some(10.0));
        assert_eq!(search_radius(Some(15.0)), Some(15.0));
        assert_eq!(search_radius(Some(12.0)), None);
    }
}

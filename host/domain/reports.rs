//! The monthly report and the TEFAP records (issue 25 items 6 and 7,
//! `../shared/spec/staff-side.md` "TEFAP records and reports"): the month asked for, the basis
//! a household's eligibility was decided on, how long a record is kept, and the month's counts
//! per pantry and per food bank, summed from the report summary (`db::repo::reports`).
use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::{
    tefap::{TefapAnswers, TefapGuideline, TefapStep, next_step},
    time::{local_today, start_of_day},
};

/// A calendar month, as `?month=YYYY-MM` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month {
    pub first: NaiveDate,
}

impl Month {
    /// `YYYY-MM`, years 2000 to 2200; None for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        let (y, m) = text.trim().split_once('-')?;
        if y.len() != 4 || m.len() != 2 {
            return None;
        }
        let (y, m) = (y.parse::<i32>().ok()?, m.parse::<u32>().ok()?);
        if !(2000..=2200).contains(&y) {
            return None;
        }
        NaiveDate::from_ymd_opt(y, m, 1).map(|first| Self { first })
    }

    /// The month a local day lies in.
    pub fn of(day: NaiveDate) -> Self {
        Self { first: day.with_day(1).unwrap_or(day) }
    }

    /// The month `now` lies in, in `tz`.
    pub fn current(now: DateTime<Utc>, tz: Tz) -> Self {
        Self::of(local_today(now, tz))
    }

    pub fn next(self) -> Self {
        Self { first: self.first + Months::new(1) }
    }

    pub fn previous(self) -> Self {
        Self { first: self.first - Months::new(1) }
    }

    /// Its days, first to last.
    pub fn days(self) -> impl Iterator<Item = NaiveDate> {
        let end = self.next().first;
        self.first.iter_days().take_while(move |d| *d < end)
    }

    pub fn contains(self, day: NaiveDate) -> bool {
        day >= self.first && day < self.next().first
    }

    /// Its instants in `tz`: from its first local midnight up to (not including) the next month's.
    pub fn bounds(self, tz: Tz) -> (DateTime<Utc>, DateTime<Utc>) {
        (start_of_day(self.first, tz), start_of_day(self.next().first, tz))
    }

    /// `YYYY-MM`.
    pub fn code(self) -> String {
        self.first.format("%Y-%m").to_string()
    }
}

/// What a household's TEFAP eligibility was decided on (7 CFR 251.10(a) "the basis on which
/// eligibility was decided"): the step of the questionnaire whose YES let the shopper through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EligibilityBasis {
    /// Income self-declared below the state's maximum for the household's size.
    Income,
    /// Taking part in a program the state accepts as cross-eligibility (SNAP, WIC, ...).
    Programs,
    /// An emergency situation, where the state accepts one in place of the income test.
    Emergency,
}

impl EligibilityBasis {
    pub const ALL: [Self; 3] = [Self::Income, Self::Programs, Self::Emergency];

    pub fn code(self) -> &'static str {
        match self {
            Self::Income => "income",
            Self::Programs => "programs",
            Self::Emergency => "emergency",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|b| b.code() == code)
    }
}

/// The basis the answers passed the flow on, replaying them as `tefap_answers_eligible` does;
/// None when they do not pass. A homeless shopper still passes on one of these (homelessness only
/// replaces the residency question), so it is kept beside the basis, not as one.
pub fn eligibility_basis(answers: &TefapAnswers, guideline: &TefapGuideline) -> Option<EligibilityBasis> {
    use TefapStep::*;
    if !super::tefap::tefap_answers_eligible(answers, guideline) {
        return None;
    }
    let filled = |s: &Option<String>| s.as_deref().is_some_and(|s| !s.trim().is_empty());
    let mut basis = None;
    let mut step = Intro;
    loop {
        let yes = match step {
            Intro => true,
            Homeless => answers.is_homeless,
            Residency => true,
            CrossEligibility => guideline.is_cross_eligible(&answers.selected_assistance_program_ids),
            HouseholdSize => true,
            Income => answers.is_below_income_limit == Some(true),
            ProveIncome => answers.can_prove_income == Some(true),
            EmergencySituation => answers.is_emergency == Some(true),
            Attest => filled(&answers.signature) && filled(&answers.typed_name),
            IdRequirement => answers.is_identification_available == Some(true),
            Confirmation => true,
            Disqualified => return None,
            Complete => return basis,
        };
        match (step, yes) {
            (CrossEligibility, true) => basis = Some(EligibilityBasis::Programs),
            (Income, true) => basis = Some(EligibilityBasis::Income),
            (EmergencySituation, true) => basis = Some(EligibilityBasis::Emergency),
            _ => {}
        }
        step = next_step(step, yes, guideline);
    }
}

/// The last day of the federal fiscal year `day` lies in (October to September).
pub fn fiscal_year_end(day: NaiveDate) -> NaiveDate {
    let year = if day.month() >= 10 { day.year() + 1 } else { day.year() };
    NaiveDate::from_ymd_opt(year, 9, 30).unwrap_or(day)
}

/// Years a TEFAP record is kept after the close of its federal fiscal year (7 CFR 251.10(a)).
pub const RETENTION_YEARS: u32 = 3;

/// The last day a record of a household served on `served_on` must still be kept.
pub fn keep_until(served_on: NaiveDate) -> NaiveDate {
    let end = fiscal_year_end(served_on);
    end.checked_add_months(Months::new(12 * RETENTION_YEARS)).unwrap_or(end)
}

/// Whether the record may be removed on `today`: only after [`keep_until`], and never while an
/// audit of it is open (the rule's "longer while an audit is open").
pub fn may_discard(served_on: NaiveDate, today: NaiveDate, audit_open: bool) -> bool {
    !audit_open && today > keep_until(served_on)
}

/// The last day served whose records may be discarded on `today` (no audit open): every day up
/// to the close of the newest fiscal year whose retention ended before `today`.
pub fn discard_through(today: NaiveDate) -> NaiveDate {
    let sept_30 = |year: i32| NaiveDate::from_ymd_opt(year, 9, 30).unwrap_or(today);
    let years = i32::try_from(RETENTION_YEARS).unwrap_or(3);
    let year = today.year() - years;
    if keep_until(sept_30(year)) < today { sept_30(year) } else { sept_30(year - 1) }
}

/// People in a household by age group, as the monthly TEFAP form counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgeGroups {
    /// 0 to 17.
    pub children: u32,
    /// 18 to 59.
    pub adults: u32,
    /// 60 and over.
    pub seniors: u32,
}

impl AgeGroups {
    pub fn total(&self) -> u32 {
        self.children + self.adults + self.seniors
    }

    pub fn add(&mut self, other: &AgeGroups) {
        self.children += other.children;
        self.adults += other.adults;
        self.seniors += other.seniors;
    }
}

/// One day's counts.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DayCounts {
    pub orders: u32,
    pub picked_up: u32,
    pub no_shows: u32,
    /// Of the orders, deliveries handed over and deliveries closed as not delivered (issue 51).
    pub delivered: u32,
    pub not_delivered: u32,
    /// Walk-in visits (issue 49): served without an order.
    pub visits: u32,
    pub households: u32,
    pub units: i64,
    pub pounds: f64,
}

/// A month's counts at one place (a pantry, or the whole food bank).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tally {
    pub orders: u32,
    pub picked_up: u32,
    pub no_shows: u32,
    pub delivered: u32,
    pub not_delivered: u32,
    pub visits: u32,
    /// Households with at least one order or visit this month, each counted once.
    pub households: u32,
    /// Households whose first order or visit ever at the place is this month.
    pub new_households: u32,
    /// The people of the households served this month (picked up), by age, each household once,
    /// as its latest TEFAP record this month gives them.
    pub individuals: AgeGroups,
    pub units: i64,
    pub pounds: f64,
    /// Days with at least one order or visit, in order.
    pub days: BTreeMap<NaiveDate, DayCounts>,
}

/// A place's month from its days' counts (read from the report summary, see
/// `db::repo::reports`) and the numbers only the month as a whole has: its households (each
/// counted once, so not the sum of the days'), the new ones, and the people of those served.
pub fn tally(
    days: BTreeMap<NaiveDate, DayCounts>,
    households: u32,
    new_households: u32,
    individuals: AgeGroups,
) -> Tally {
    let mut t = Tally { households, new_households, individuals, ..Tally::default() };
    for d in days.values() {
        t.orders += d.orders;
        t.picked_up += d.picked_up;
        t.no_shows += d.no_shows;
        t.delivered += d.delivered;
        t.not_delivered += d.not_delivered;
        t.visits += d.visits;
        t.units += d.units;
        t.pounds += d.pounds;
    }
    t.days = days;
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::tefap::AssistanceProgram;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn months_parse_strictly_and_span_their_local_days() {
        let m = Month::parse("2026-02").unwrap();
        assert_eq!(m.days().count(), 28);
        assert_eq!(m.next().code(), "2026-03");
        assert_eq!(m.previous().code(), "2026-01");
        for bad in ["2026-13", "2026-2", "26-02", "2026/02", "", "abcd-ef", "1999-12"] {
            assert_eq!(Month::parse(bad), None, "{bad}");
        }
        let (start, end) = m.bounds(chrono_tz::America::New_York);
        assert_eq!(start.to_rfc3339(), "2026-02-01T05:00:00+00:00");
        assert_eq!(end.to_rfc3339(), "2026-03-01T05:00:00+00:00");
    }

    #[test]
    fn records_are_kept_three_years_after_the_federal_fiscal_year_closes() {
        // Served in September: the fiscal year closes that month.
        assert_eq!(keep_until(d(2026, 9, 30)), d(2029, 9, 30));
        // Served in October: the next fiscal year, which closes a year later.
        assert_eq!(keep_until(d(2026, 10, 1)), d(2030, 9, 30));
        assert_eq!(keep_until(d(2026, 12, 15)), d(2030, 9, 30));
        assert!(!may_discard(d(2026, 12, 15), d(2030, 9, 30), false), "kept through the last day");
        assert!(may_discard(d(2026, 12, 15), d(2030, 10, 1), false));
        assert!(!may_discard(d(2026, 12, 15), d(2035, 1, 1), true), "an open audit keeps it");
        // The retention job's cut agrees with may_discard on each side of it.
        for today in [d(2030, 9, 30), d(2030, 10, 1), d(2031, 1, 1), d(2031, 9, 30), d(2032, 2, 29)] {
            let through = discard_through(today);
            assert!(may_discard(through, today, false), "{today}: {through}");
            assert!(!may_discard(through.succ_opt().unwrap(), today, false), "{today}: {through}");
        }
        assert_eq!(discard_through(d(2030, 10, 1)), d(2027, 9, 30));
        assert_eq!(discard_through(d(2030, 9, 30)), d(2026, 9, 30));
    }

    fn guideline() -> TefapGuideline {
        TefapGuideline {
            accepts_cross_eligibility: true,
            accepts_emergency_situation: true,
            programs: vec![AssistanceProgram { assistance_program_id: 1, is_cross_eligible: true }],
            ..Default::default()
        }
    }

    fn answers() -> TefapAnswers {
        TefapAnswers {
            residency_postal_code: Some("43004".into()),
            residency_county: Some(44),
            total_household_size: Some(3),
            signature: Some("<svg/>".into()),
            typed_name: Some("Pat Doe".into()),
            accepted_terms: true,
            ..Default::default()
        }
    }

    #[test]
    fn the_basis_is_the_step_that_let_the_household_through() {
        let g = guideline();
        let income = TefapAnswers { is_below_income_limit: Some(true), ..answers() };
        assert_eq!(eligibility_basis(&income, &g), Some(EligibilityBasis::Income));
        let programs = TefapAnswers { selected_assistance_program_ids: vec![1], ..answers() };
        assert_eq!(eligibility_basis(&programs, &g), Some(EligibilityBasis::Programs));
        let emergency = TefapAnswers { is_below_income_limit: Some(false), is_emergency: Some(true), ..answers() };
        assert_eq!(eligibility_basis(&emergency, &g), Some(EligibilityBasis::Emergency));
        let homeless = TefapAnswers {
            is_homeless: true,
            residency_postal_code: None,
            residency_county: None,
            is_below_income_limit: Some(true),
            ..answers()
        };
        assert_eq!(eligibility_basis(&homeless, &g), Some(EligibilityBasis::Income));
        let over = TefapAnswers { is_below_income_limit: Some(false), is_emergency: Some(false), ..answers() };
        assert_eq!(eligibility_basis(&over, &g), None, "not eligible: no basis");
        for b in EligibilityBasis::ALL {
            assert_eq!(EligibilityBasis::from_code(b.code()), Some(b));
        }
    }

    #[test]
    fn a_tally_sums_its_days_and_keeps_the_month_wide_counts() {
        let day = |orders, picked_up, no_shows, units| DayCounts {
            orders,
            picked_up,
            no_shows,
            delivered: 0,
            not_delivered: 0,
            visits: 1,
            households: orders,
            units,
            pounds: units as f64 * 1.5,
        };
        let days = BTreeMap::from([(d(2026, 11, 3), day(2, 1, 1, 4)), (d(2026, 11, 17), day(3, 2, 0, 6))]);
        let people = AgeGroups { children: 2, adults: 1, seniors: 0 };
        let t = tally(days, 4, 3, people);
        assert_eq!((t.orders, t.picked_up, t.no_shows, t.visits), (5, 3, 1, 2));
        assert_eq!((t.households, t.new_households, t.individuals), (4, 3, people), "not the sum of the days'");
        assert_eq!((t.units, t.pounds), (10, 15.0));
        assert_eq!(t.days.len(), 2);
        assert_eq!(tally(BTreeMap::new(), 0, 0, AgeGroups::default()), Tally::default());
    }
}

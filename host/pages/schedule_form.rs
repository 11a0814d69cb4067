//! The hours and horizon forms the two schedule pages share (`/staff/schedule` for a pantry,
//! `/staff/delivery-schedule` for a delivery program, both drawn by the app's `ScheduleEditor`):
//! their fields read as the API's bodies, and what a refused form keeps. Each page reads its own
//! owner field (`pantry`, `program`) and its own forms besides.
use super::FormFields;
use crate::model::schedules::Hours;

/// The fields of the hours and horizon forms that a refused form shows again.
const KEPT: [&str; 9] =
    ["intent", "kind", "weekday", "date", "opens", "closes", "slotMinutes", "capacity", "horizonDays"];

/// A whole number from a form field; anything else reads as `bad`, which the rules refuse at
/// the field.
fn number(text: &str, bad: i32) -> i32 {
    text.trim().parse().unwrap_or(bad)
}

/// The hours of an add form: `kind` `day` is a one-off day on `date`, anything else a weekly row
/// on `weekday`. An empty capacity is no capacity: unlimited.
pub fn hours(form: &FormFields) -> Hours {
    let weekly = form.text("kind") != "day";
    let capacity = form.text("capacity").trim();
    Hours {
        weekday: weekly.then(|| number(form.text("weekday"), -1)),
        date: (!weekly).then(|| form.text("date").to_owned()),
        opens: form.text("opens").to_owned(),
        closes: form.text("closes").to_owned(),
        slot_minutes: number(form.text("slotMinutes"), 0),
        capacity: (!capacity.is_empty()).then(|| number(capacity, -1)),
    }
}

/// The horizon form's days ahead.
pub fn horizon_days(form: &FormFields) -> i32 {
    number(form.text("horizonDays"), 0)
}

/// The values a refused form keeps: the hours and horizon fields, and the page's `more`.
pub fn kept(form: &FormFields, more: &[&'static str]) -> Vec<(&'static str, String)> {
    KEPT.iter().chain(more).map(|k| (*k, form.text(k).to_owned())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> FormFields {
        FormFields::new(pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect())
    }

    #[test]
    fn a_schedule_form_reads_a_weekly_row_or_a_day_and_keeps_bad_numbers_for_the_rules_to_refuse() {
        let weekly = hours(&form(&[("kind", "week"), ("weekday", "2"), ("date", "2026-01-05"), ("capacity", " ")]));
        assert_eq!((weekly.weekday, weekly.date, weekly.capacity, weekly.slot_minutes), (Some(2), None, None, 0));
        let day = hours(&form(&[("kind", "day"), ("date", "2026-01-05"), ("slotMinutes", "15"), ("capacity", "x")]));
        assert_eq!(day.weekday, None);
        assert_eq!(day.date.as_deref(), Some("2026-01-05"));
        assert_eq!((day.slot_minutes, day.capacity), (15, Some(-1)));
        assert_eq!(hours(&form(&[("weekday", "Monday")])).weekday, Some(-1));
        assert_eq!(horizon_days(&form(&[("horizonDays", " 30 ")])), 30);
        let kept = kept(&form(&[("opens", "09:00"), ("reason", "Holiday")]), &["reason"]);
        assert_eq!(kept.len(), 10);
        assert!(kept.contains(&("opens", "09:00".to_owned())) && kept.contains(&("reason", "Holiday".to_owned())));
    }
}

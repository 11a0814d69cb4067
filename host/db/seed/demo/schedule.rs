//! When the demo's pantries open and its food bank delivers: pickup times over the next
//! [`DEMO_SCHEDULE_DAYS`] days (and two past ones for the order history), delivery programs and
//! their windows.
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc, Weekday};
use sea_orm::{ConnectionTrait, DbErr, Set};

use super::super::super::entity::{delivery_program, delivery_time, pickup_time};
use super::super::demo_data::WITHOUT_PICKUP_TIMES;
use super::super::{hm, insert_batched, local_to_utc_tz};
use super::food_banks::Sites;
use super::{DEMO_SCHEDULE_DAYS, Seeding};

/// What the demo shopper's orders are placed at.
pub(super) struct Schedule {
    /// The Main Library's future pickup times with their starts, soonest first.
    pub(super) main_library_future: Vec<(i64, DateTime<Utc>)>,
    /// Two past pickup times at the Main Library (10 and 20 days ago).
    pub(super) past_pickups: Vec<i64>,
    pub(super) home_delivery: i64,
    pub(super) senior_delivery: i64,
    /// The first home-delivery window more than a day ahead, with its start.
    pub(super) first_home_delivery: Option<(i64, DateTime<Utc>)>,
}

/// Pantries whose pickup times take a limited number of orders each (the rest take any number):
/// Linden's are small, so a shopper soon sees "Full".
const SLOT_CAPACITY: &[(&str, i32)] = &[
    ("Columbus Metropolitan Library - Linden Branch", 2),
    ("Columbus Metropolitan Library - Whetstone Branch", 3),
    ("Columbus Metropolitan Library - Northern Lights Branch", 5),
    ("Trinity Episcopal Church", 10),
];

fn capacity_of(label: &str) -> Option<i32> {
    SLOT_CAPACITY.iter().find(|(l, _)| *l == label).map(|(_, c)| *c)
}

/// Weekly pickup pattern `n` for a local date: list of (start, end).
fn pickup_slots(pattern: usize, date: NaiveDate) -> Vec<(NaiveTime, NaiveTime)> {
    let wd = date.weekday();
    match pattern {
        // Busy: four hourly windows Monday to Friday, three on Saturday morning.
        0 => match wd {
            Weekday::Sun => vec![],
            Weekday::Sat => vec![(hm(9, 0), hm(10, 0)), (hm(10, 0), hm(11, 0)), (hm(11, 0), hm(12, 0))],
            _ => vec![(hm(9, 0), hm(10, 0)), (hm(10, 0), hm(11, 0)), (hm(13, 0), hm(14, 0)), (hm(17, 0), hm(18, 30))],
        },
        // Tuesday, Thursday, Saturday: late morning and evening.
        1 => match wd {
            Weekday::Tue | Weekday::Thu | Weekday::Sat => vec![(hm(10, 0), hm(12, 0)), (hm(17, 0), hm(19, 0))],
            _ => vec![],
        },
        // Monday, Wednesday, Friday afternoons.
        2 => match wd {
            Weekday::Mon | Weekday::Wed | Weekday::Fri => vec![(hm(14, 0), hm(16, 0))],
            _ => vec![],
        },
        // Weekdays at lunch; Wednesdays every 30 minutes through the morning.
        _ => match wd {
            Weekday::Sat | Weekday::Sun => vec![],
            Weekday::Wed => (0..6)
                .map(|k| {
                    let start = hm(9, 0) + Duration::minutes(30 * k);
                    (start, start + Duration::minutes(30))
                })
                .collect(),
            _ => vec![(hm(11, 30), hm(13, 0))],
        },
    }
}

pub(super) async fn seed_schedule<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    sites: &Sites,
) -> Result<Schedule, DbErr> {
    let (db, now) = (sd.db, sd.now);
    // Pickup times: the next 14 days, local to each pantry.
    let horizon = now + Duration::days(DEMO_SCHEDULE_DAYS);
    let mut pickups = Vec::new();
    let mut pattern_index = 0usize;
    let main_library = sites.main_library().id;
    let mut main_library_future: Vec<(i64, DateTime<Utc>)> = Vec::new();
    for row in &sites.pantries {
        if WITHOUT_PICKUP_TIMES.contains(&row.label) {
            continue;
        }
        let pattern = pattern_index % 4;
        pattern_index += 1;
        let today = now.with_timezone(&row.tz).date_naive();
        for day in 0..=DEMO_SCHEDULE_DAYS {
            let date = today + Duration::days(day);
            for (start, end) in pickup_slots(pattern, date) {
                let start_at = local_to_utc_tz(row.tz, date, start);
                let end_at = local_to_utc_tz(row.tz, date, end);
                if start_at <= now || start_at > horizon {
                    continue;
                }
                let id = sd.id("pickup_times").await?;
                if row.id == main_library {
                    main_library_future.push((id, start_at));
                }
                pickups.push(pickup_time::ActiveModel {
                    id: Set(id),
                    pantry_location_id: Set(row.id),
                    pickup_day: Set(date),
                    pickup_start_time: Set(start),
                    pickup_end_time: Set(end),
                    start_at: Set(start_at),
                    end_at: Set(end_at),
                    capacity: Set(capacity_of(row.label)),
                    booked: Set(0),
                    schedule_id: Set(None),
                });
            }
        }
    }
    // Two past windows at the Main Library, for the demo shopper's order history.
    let main_tz = sites.main_library().tz;
    let past_pickup = |days_ago: i64, start: NaiveTime, end: NaiveTime| {
        let date = now.with_timezone(&main_tz).date_naive() - Duration::days(days_ago);
        (date, start, end, local_to_utc_tz(main_tz, date, start), local_to_utc_tz(main_tz, date, end))
    };
    let past = [past_pickup(10, hm(10, 0), hm(11, 0)), past_pickup(20, hm(13, 0), hm(14, 0))];
    let mut past_ids = Vec::new();
    for (date, start, end, start_at, end_at) in past {
        let id = sd.id("pickup_times").await?;
        past_ids.push(id);
        pickups.push(pickup_time::ActiveModel {
            id: Set(id),
            pantry_location_id: Set(main_library),
            pickup_day: Set(date),
            pickup_start_time: Set(start),
            pickup_end_time: Set(end),
            start_at: Set(start_at),
            end_at: Set(end_at),
            capacity: Set(None),
            booked: Set(0),
            schedule_id: Set(None),
        });
    }
    sd.summary.pickup_times = pickups.len();
    insert_batched(db, pickups).await?;

    // Delivery programs and windows (Central Ohio).
    let (coh_id, coh_tz) = sites.banks["COH"];
    let home_delivery = sd.id("delivery_programs").await?;
    let senior_delivery = sd.id("delivery_programs").await?;
    insert_batched(
        db,
        vec![
            delivery_program::ActiveModel {
                id: Set(home_delivery),
                food_bank_id: Set(coh_id),
                name: Set("Franklin County Home Delivery".into()),
                is_active: Set(true),
                horizon_days: Set(None),
                // The food bank's warehouse in Grove City, where the vans load.
                depot_latitude: Set(Some(39.8767)),
                depot_longitude: Set(Some(-83.0497)),
            },
            delivery_program::ActiveModel {
                id: Set(senior_delivery),
                food_bank_id: Set(coh_id),
                name: Set("Senior Home Delivery".into()),
                is_active: Set(true),
                horizon_days: Set(None),
                depot_latitude: Set(None),
                depot_longitude: Set(None),
            },
        ],
    )
    .await?;
    let mut deliveries = Vec::new();
    let mut first_home_delivery: Option<(i64, DateTime<Utc>)> = None;
    let today = now.with_timezone(&coh_tz).date_naive();
    for day in 0..=DEMO_SCHEDULE_DAYS {
        let date = today + Duration::days(day);
        let mut windows: Vec<(i64, NaiveTime, NaiveTime)> = match date.weekday() {
            Weekday::Sun => vec![],
            Weekday::Sat => vec![(home_delivery, hm(9, 0), hm(11, 0))],
            _ => vec![(home_delivery, hm(10, 0), hm(12, 0)), (home_delivery, hm(14, 0), hm(16, 0))],
        };
        if matches!(date.weekday(), Weekday::Tue | Weekday::Thu) {
            windows.push((senior_delivery, hm(13, 0), hm(15, 0)));
        }
        for (program, start, end) in windows {
            let start_at = local_to_utc_tz(coh_tz, date, start);
            if start_at <= now || start_at > horizon {
                continue;
            }
            let id = sd.id("delivery_times").await?;
            if program == home_delivery && first_home_delivery.is_none() && start_at > now + Duration::days(1) {
                first_home_delivery = Some((id, start_at));
            }
            deliveries.push(delivery_time::ActiveModel {
                id: Set(id),
                food_bank_id: Set(coh_id),
                delivery_program_id: Set(program),
                delivery_day: Set(date),
                delivery_start_time: Set(start),
                delivery_end_time: Set(end),
                start_at: Set(start_at),
                end_at: Set(local_to_utc_tz(coh_tz, date, end)),
                capacity: Set(None),
                booked: Set(0),
                schedule_id: Set(None),
            });
        }
    }
    sd.summary.delivery_times = deliveries.len();
    insert_batched(db, deliveries).await?;
    Ok(Schedule { main_library_future, past_pickups: past_ids, home_delivery, senior_delivery, first_home_delivery })
}

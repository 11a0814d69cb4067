//! The demo staff (`../shared/spec/staff-side.md`), with the demo shopper's password: the Columbus
//! food bank's admin, staff of two of its pantries, a volunteer at the Main Library and two drivers
//! of its home delivery program.
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};

use super::super::super::entity::{delivery_program, driver_grant, staff_grant, user};
use super::super::insert_batched;
use super::Seeding;
use super::food_banks::Sites;
use crate::domain::staff::StaffRole;

pub const DEMO_ADMIN_EMAIL: &str = "admin@example.org";
pub const DEMO_STAFF_EMAIL: &str = "pantry@example.org";
pub const DEMO_VOLUNTEER_EMAIL: &str = "volunteer@example.org";
/// Drivers of the home delivery program ([`DEMO_DRIVEN_PROGRAM`]).
pub const DEMO_DRIVER_EMAIL: &str = "driver@example.org";
pub const DEMO_SECOND_DRIVER_EMAIL: &str = "driver2@example.org";
pub const DEMO_DRIVEN_PROGRAM: &str = "Franklin County Home Delivery";
/// The second pantry the demo staff member works at.
pub const DEMO_STAFF_SECOND_PANTRY: &str = "Columbus Metropolitan Library - Driving Park Branch";

pub(super) async fn seed_staff<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    sites: &Sites,
    password_hash: &str,
) -> Result<(), DbErr> {
    let (coh_id, _) = sites.banks["COH"];
    let main = sites.main_library().id;
    let second = sites.pantry_id(DEMO_STAFF_SECOND_PANTRY);
    let people = [
        (DEMO_ADMIN_EMAIL, "Alex", "Admin", vec![(StaffRole::Admin, Some(coh_id), None)]),
        (
            DEMO_STAFF_EMAIL,
            "Pat",
            "Pantry",
            vec![(StaffRole::Staff, None, Some(main)), (StaffRole::Staff, None, Some(second))],
        ),
        (DEMO_VOLUNTEER_EMAIL, "Val", "Volunteer", vec![(StaffRole::Volunteer, None, Some(main))]),
        (DEMO_DRIVER_EMAIL, "Dana", "Driver", vec![]),
        (DEMO_SECOND_DRIVER_EMAIL, "Dev", "Driver", vec![]),
    ];
    let program = delivery_program::Entity::find()
        .filter(delivery_program::Column::Name.eq(DEMO_DRIVEN_PROGRAM))
        .one(sd.db)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(DEMO_DRIVEN_PROGRAM.into()))?;
    let mut drivers = Vec::new();
    let (mut users, mut grants) = (Vec::new(), Vec::new());
    for (email, first, last, posts) in people {
        let user_id = sd.id("users").await?;
        users.push(user::ActiveModel {
            id: Set(user_id),
            first_name: Set(first.into()),
            last_name: Set(last.into()),
            email: Set(email.into()),
            password_hash: Set(password_hash.to_owned()),
            phone_number: Set(None),
            postal_code: Set(Some("43215".into())),
            is_email_notification_enabled: Set(true),
            is_text_message_notification_enabled: Set(false),
            is_phone_call_notification_enabled: Set(false),
            default_food_bank_id: Set(Some(coh_id)),
            is_tefap_survey_answered: Set(false),
            token_version: Set(0),
            phone_only: Set(false),
            created_at: Set(sd.now),
            updated_at: Set(sd.now),
            last_login_at: Set(None),
            language: Set(None),
            household_id: Set(None),
            erased_at: Set(None),
        });
        if posts.is_empty() {
            drivers.push(driver_grant::ActiveModel {
                id: Set(sd.id("driver_grants").await?),
                user_id: Set(user_id),
                delivery_program_id: Set(program.id),
                created_at: Set(sd.now),
            });
        }
        for (role, food_bank_id, pantry_location_id) in posts {
            grants.push(staff_grant::ActiveModel {
                id: Set(sd.id("staff_grants").await?),
                user_id: Set(user_id),
                role: Set(role.code().into()),
                food_bank_id: Set(food_bank_id),
                pantry_location_id: Set(pantry_location_id),
                created_at: Set(sd.now),
            });
        }
    }
    insert_batched(sd.db, users).await?;
    insert_batched(sd.db, grants).await?;
    insert_batched(sd.db, drivers).await?;
    Ok(())
}

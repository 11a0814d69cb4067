//! Households (issue 49): the record a food bank keeps of each household it serves, with or
//! without an account, and the walk-in visits that serve one without an order.
//!
//! - `households`: the head's name (with the folded keys the intake search reads: forwards, and
//!   backwards so a typo in a name's first letters is found too), birth date, phone (and its
//!   digits), e-mail, address, ZIP, county, language, size and its age groups, and the TEFAP
//!   decision (basis, date, and the staff member who took it; none is the shopper's own answers).
//!   `merged_into` marks a record merged into another: the search skips it.
//! - `users.household_id`: an account's one household. A household may have several accounts
//!   (two members who each signed up, merged), or none.
//! - `visits` and `visit_lines`: a walk-in visit, its pounds and the items given out (their stock
//!   movements are `given_out`). `day` is the pantry's local day, as the report counts it.
//! - `report_orders.household_id`: the report counts households across orders and visits.
//!
//! Accounts that have ordered get their household here, at the food bank they last ordered from
//! (or chose); an account that orders later gets one with its first order.
use crate::domain::households::{fold, phone_digits};
use chrono::Utc;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn fk(
    table: &'static str,
    column: &'static str,
    to: &'static str,
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table, column)
        .to(to, "id")
        .on_delete(on_delete)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let bases = "('income', 'programs', 'emergency', 'homeless')";
        manager
            .create_table(
                Table::create()
                    .table("households")
                    .col(big_pk_auto("id"))
                    .col(big_integer("food_bank_id"))
                    .col(string_len("first_name", 100))
                    .col(string_len("last_name", 100))
                    .col(string_len("first_key", 100))
                    .col(string_len("last_key", 100))
                    // Defaults so that the back-fill below, which the demo seed runs after
                    // migration 44 dropped them, need not name them.
                    .col(string_len("first_rev", 100).default(""))
                    .col(string_len("last_rev", 100).default(""))
                    .col(date_null("birth_date"))
                    .col(string_len_null("phone", 32))
                    .col(string_len_null("phone_digits", 15))
                    .col(string_len_null("email", 254))
                    .col(string_len_null("street", 200))
                    .col(string_len("postal_code", 10))
                    .col(big_integer_null("county_id"))
                    .col(string_len_null("language", 8))
                    .col(integer("size"))
                    .col(integer_null("children"))
                    .col(integer_null("adults"))
                    .col(integer_null("seniors"))
                    .col(string_len_null("tefap_basis", 16))
                    .col(date_null("tefap_decided_on"))
                    .col(big_integer_null("tefap_decided_by"))
                    .col(big_integer_null("merged_into"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(&mut fk("households", "food_bank_id", "food_banks", ForeignKeyAction::Cascade))
                    .foreign_key(&mut fk("households", "county_id", "counties", ForeignKeyAction::SetNull))
                    .foreign_key(&mut fk("households", "tefap_decided_by", "users", ForeignKeyAction::SetNull))
                    .foreign_key(&mut fk("households", "merged_into", "households", ForeignKeyAction::SetNull))
                    .check(("ck_households_size", Expr::cust("size BETWEEN 1 AND 30")))
                    .check((
                        "ck_households_ages",
                        Expr::cust(
                            "(children IS NULL AND adults IS NULL AND seniors IS NULL) OR \
                             (children >= 0 AND adults >= 0 AND seniors >= 0 AND children + adults + seniors = size)",
                        ),
                    ))
                    .check((
                        "ck_households_basis",
                        Expr::cust(format!("tefap_basis IS NULL OR tefap_basis IN {bases}")),
                    ))
                    .check(("ck_households_decided", Expr::cust("(tefap_basis IS NULL) = (tefap_decided_on IS NULL)")))
                    .to_owned(),
            )
            .await?;
        for (name, columns) in [
            ("ix_households_last_key", &["food_bank_id", "last_key"][..]),
            ("ix_households_first_key", &["food_bank_id", "first_key"]),
            ("ix_households_last_rev", &["food_bank_id", "last_rev"]),
            ("ix_households_first_rev", &["food_bank_id", "first_rev"]),
            ("ix_households_phone", &["food_bank_id", "phone_digits"]),
            ("ix_households_zip", &["food_bank_id", "postal_code"]),
            ("ix_households_birth_date", &["food_bank_id", "birth_date"]),
        ] {
            let mut index = Index::create().name(name).table("households").to_owned();
            for c in columns {
                index.col(*c);
            }
            manager.create_index(index).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("visits")
                    .col(big_pk_auto("id"))
                    .col(big_integer("household_id"))
                    .col(big_integer("food_bank_id"))
                    .col(big_integer("pantry_location_id"))
                    .col(date("day"))
                    .col(big_integer("units").default(0))
                    .col(double("pounds").default(0.0))
                    .col(string_len_null("tefap_basis", 16))
                    .col(big_integer_null("recorded_by"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut fk("visits", "household_id", "households", ForeignKeyAction::Cascade))
                    .foreign_key(&mut fk("visits", "food_bank_id", "food_banks", ForeignKeyAction::Cascade))
                    .foreign_key(&mut fk("visits", "pantry_location_id", "pantry_locations", ForeignKeyAction::Cascade))
                    .foreign_key(&mut fk("visits", "recorded_by", "users", ForeignKeyAction::SetNull))
                    .check(("ck_visits_amounts", Expr::cust("units >= 0 AND pounds >= 0 AND pounds <= 10000")))
                    .check(("ck_visits_basis", Expr::cust(format!("tefap_basis IS NULL OR tefap_basis IN {bases}"))))
                    .to_owned(),
            )
            .await?;
        for (name, columns) in [
            ("ix_visits_household", &["household_id", "day"][..]),
            ("ix_visits_pantry_day", &["pantry_location_id", "day"]),
            ("ix_visits_food_bank_day", &["food_bank_id", "day"]),
        ] {
            let mut index = Index::create().name(name).table("visits").to_owned();
            for c in columns {
                index.col(*c);
            }
            manager.create_index(index).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("visit_lines")
                    .col(big_integer("visit_id"))
                    .col(big_integer("inventory_item_id"))
                    .col(integer("quantity"))
                    .primary_key(Index::create().col("visit_id").col("inventory_item_id"))
                    .foreign_key(&mut fk("visit_lines", "visit_id", "visits", ForeignKeyAction::Cascade))
                    .foreign_key(&mut fk(
                        "visit_lines",
                        "inventory_item_id",
                        "inventory_items",
                        ForeignKeyAction::Cascade,
                    ))
                    .check(("ck_visit_lines_quantity", Expr::cust("quantity BETWEEN 1 AND 999")))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        // Raw: SQLite adds a column with a reference only this way.
        db.execute_unprepared(
            "ALTER TABLE users ADD COLUMN household_id BIGINT REFERENCES households (id) ON DELETE SET NULL",
        )
        .await?;
        db.execute_unprepared("CREATE INDEX ix_users_household ON users (household_id)").await?;
        db.execute_unprepared("ALTER TABLE report_orders ADD COLUMN household_id BIGINT").await?;
        db.execute_unprepared("CREATE INDEX ix_report_orders_household ON report_orders (household_id, day)").await?;
        back_fill(db).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("DROP INDEX ix_report_orders_household").await?;
        db.execute_unprepared("ALTER TABLE report_orders DROP COLUMN household_id").await?;
        db.execute_unprepared("DROP INDEX ix_users_household").await?;
        db.execute_unprepared("ALTER TABLE users DROP COLUMN household_id").await?;
        for table in ["visit_lines", "visits", "households"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

/// One household for each account without one that has ordered or chosen a food bank, from its
/// profile and its checkout survey's household size; then each summary row's household. The
/// demo seed runs it too, for the accounts it seeds.
pub(crate) async fn back_fill<C: ConnectionTrait>(db: &C) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            "SELECT u.id, u.first_name, u.last_name, u.email, u.phone_number, u.postal_code, u.language, \
             COALESCE((SELECT o.food_bank_id FROM orders o WHERE o.user_id = u.id ORDER BY o.id DESC LIMIT 1), \
               u.default_food_bank_id) AS food_bank_id, \
             (SELECT s.household_members FROM survey_answers s WHERE s.user_id = u.id) AS size \
             FROM users u WHERE u.household_id IS NULL",
        ))
        .await?;
    let now = Utc::now();
    let mark = |i: usize| if backend == DbBackend::Postgres { format!("${i}") } else { "?".to_owned() };
    for row in rows {
        let Some(food_bank_id) = row.try_get::<Option<i64>>("", "food_bank_id")? else { continue };
        let user_id: i64 = row.try_get("", "id")?;
        let first: String = row.try_get("", "first_name")?;
        let last: String = row.try_get("", "last_name")?;
        let phone: Option<String> = row.try_get("", "phone_number")?;
        let size: Option<i32> = row.try_get("", "size")?;
        let (first_key, last_key) = (fold(&first), fold(&last));
        let values: Vec<sea_orm::Value> = vec![
            food_bank_id.into(),
            first.chars().take(100).collect::<String>().into(),
            last.chars().take(100).collect::<String>().into(),
            first_key.chars().take(100).collect::<String>().into(),
            last_key.chars().take(100).collect::<String>().into(),
            phone.clone().map(|p| p.chars().take(32).collect::<String>()).into(),
            phone.as_deref().map(phone_digits).filter(|d| !d.is_empty() && d.len() <= 15).into(),
            row.try_get::<Option<String>>("", "email")?.filter(|e| e.len() <= 254).into(),
            row.try_get::<Option<String>>("", "postal_code")?
                .unwrap_or_default()
                .chars()
                .take(10)
                .collect::<String>()
                .into(),
            row.try_get::<Option<String>>("", "language")?.filter(|l| l.len() <= 8).into(),
            size.unwrap_or(1).clamp(1, 30).into(),
            now.into(),
            now.into(),
        ];
        let marks: Vec<String> = (1..=values.len()).map(mark).collect();
        let insert = format!(
            "INSERT INTO households (food_bank_id, first_name, last_name, first_key, last_key, phone, \
              phone_digits, email, postal_code, language, size, created_at, updated_at) \
             VALUES ({}) RETURNING id",
            marks.join(", ")
        );
        let inserted = db.query_one_raw(Statement::from_sql_and_values(backend, insert, values)).await?;
        let Some(inserted) = inserted else { continue };
        let household_id: i64 = inserted.try_get("", "id")?;
        db.execute_raw(Statement::from_sql_and_values(
            backend,
            format!("UPDATE users SET household_id = {} WHERE id = {}", mark(1), mark(2)),
            vec![household_id.into(), user_id.into()],
        ))
        .await?;
    }
    db.execute_unprepared(
        "UPDATE report_orders SET household_id = (SELECT u.household_id FROM users u WHERE u.id = report_orders.user_id) \
         WHERE household_id IS NULL",
    )
    .await?;
    Ok(())
}

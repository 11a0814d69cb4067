//! Calendar files (issue 54): `calendar_feeds` holds each shopper's private feed address as the
//! SHA-256 of its token (one per shopper; a reset replaces it, so the old address is unknown at
//! once), and `orders.calendar_sequence` is the iCalendar SEQUENCE of the order's event.
//!
//! The sequence is kept by triggers, as `pantry_locations.updated_at` is (migration 9): an order's
//! time, pantry or state is changed by the shopper, the pantry's staff, the no-show job and a
//! closed day's move, and any of them that forgot to count would leave calendars showing the old
//! time (a calendar app ignores an update whose SEQUENCE is not higher). A counter rather than a
//! derived value (events, `updated_at`) because only these columns change what the event says,
//! and it must never go down. The old code never names the column and its default fills it.
use sea_orm::DbBackend;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Columns whose change changes the order's calendar event: its time, its place, and its state
/// (a cancel says STATUS:CANCELLED).
const EVENT_COLUMNS: &str = "pickup_time_id, delivery_time_id, pantry_location_id, status_type_id";

fn changed(old: &str, new: &str, op: &str) -> String {
    EVENT_COLUMNS.split(", ").map(|c| format!("{old}.{c} {op} {new}.{c}")).collect::<Vec<_>>().join(" OR ")
}

fn sqlite_up() -> Vec<String> {
    vec![format!(
        // Not fired by its own UPDATE: calendar_sequence is not among the columns it watches.
        "CREATE TRIGGER tr_orders_calendar_sequence AFTER UPDATE OF {EVENT_COLUMNS} ON orders \
         WHEN {} \
         BEGIN UPDATE orders SET calendar_sequence = calendar_sequence + 1 WHERE id = NEW.id; END",
        changed("OLD", "NEW", "IS NOT")
    )]
}

const SQLITE_DOWN: &[&str] = &["DROP TRIGGER IF EXISTS tr_orders_calendar_sequence"];

fn postgres_up() -> Vec<String> {
    vec![
        "CREATE FUNCTION orders_calendar_sequence() RETURNS trigger LANGUAGE plpgsql AS $$ \
         BEGIN NEW.calendar_sequence := OLD.calendar_sequence + 1; RETURN NEW; END $$"
            .into(),
        format!(
            "CREATE TRIGGER tr_orders_calendar_sequence BEFORE UPDATE OF {EVENT_COLUMNS} ON orders \
             FOR EACH ROW WHEN ({}) EXECUTE FUNCTION orders_calendar_sequence()",
            changed("OLD", "NEW", "IS DISTINCT FROM")
        ),
    ]
}

const POSTGRES_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS tr_orders_calendar_sequence ON orders",
    "DROP FUNCTION IF EXISTS orders_calendar_sequence()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("calendar_feeds")
                    .col(big_integer("user_id").primary_key())
                    .col(string_uniq("token_hash"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_calendar_feeds_user_id")
                            .from("calendar_feeds", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table("orders")
                    .add_column(ColumnDef::new("calendar_sequence").integer().not_null().default(0).to_owned())
                    .to_owned(),
            )
            .await?;
        let statements = match manager.get_database_backend() {
            DbBackend::Postgres => postgres_up(),
            _ => sqlite_up(),
        };
        for sql in statements {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let statements = match manager.get_database_backend() {
            DbBackend::Postgres => POSTGRES_DOWN,
            _ => SQLITE_DOWN,
        };
        for sql in statements {
            manager.get_connection().execute_unprepared(sql).await?;
        }
        manager.alter_table(Table::alter().table("orders").drop_column("calendar_sequence").to_owned()).await?;
        manager.drop_table(Table::drop().table("calendar_feeds").to_owned()).await
    }
}

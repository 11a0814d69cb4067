//! Stock movements and CSV import previews (issue 24 items 4 and 5).
//!
//! `stock_movements`: every change of an inventory row's `quantity`, written in the transaction that
//! makes it (an order, a cancel, a no-show, a short line, or staff recording stock in or out): the
//! row, the signed change, why (`reason`, `domain::stock::StockReason`'s codes), who (NULL: the
//! server's no-show job), the order that caused it, and the quantity after. The quantity shoppers
//! see stays `inventory_items.quantity`; the movements are its history, so per row the sum of
//! `delta` is every change since the first movement.
//!
//! `stock_imports`: a CSV upload kept between its preview and its Apply, so Apply applies exactly
//! the text that was previewed (the preview names it by `token`). Deleted when applied; old ones
//! are dropped when a new one is kept.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// `domain::stock::StockReason::code` of every reason.
const REASONS: &str = "'received', 'recount', 'damaged', 'given_out', 'order_placed', 'order_cancelled', \
                       'order_moved', 'no_show', 'short_line'";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("stock_movements")
                    .col(big_pk_auto("id"))
                    .col(big_integer("inventory_item_id"))
                    .col(integer("delta"))
                    .col(integer("quantity_after"))
                    .col(string_len("reason", 32))
                    .col(big_integer_null("user_id"))
                    .col(big_integer_null("order_id"))
                    .col(timestamp_with_time_zone("at"))
                    .check(("ck_stock_movements_quantity_after", Expr::cust("quantity_after >= 0")))
                    .check(("ck_stock_movements_reason", Expr::cust(format!("reason IN ({REASONS})"))))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_stock_movements_inventory_item")
                            .from("stock_movements", "inventory_item_id")
                            .to("inventory_items", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_stock_movements_user")
                            .from("stock_movements", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_stock_movements_order")
                            .from("stock_movements", "order_id")
                            .to("orders", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        // An item's history, newest first, and the stock page's last movement per item.
        db.execute_unprepared(
            "CREATE INDEX ix_stock_movements_item_at ON stock_movements (inventory_item_id, at DESC, id DESC)",
        )
        .await?;
        db.execute_unprepared("CREATE INDEX ix_stock_movements_order ON stock_movements (order_id)").await?;
        manager
            .create_table(
                Table::create()
                    .table("stock_imports")
                    .col(string_len("token", 64).primary_key())
                    .col(big_integer("user_id"))
                    .col(big_integer("pantry_location_id"))
                    .col(text("csv"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_stock_imports_user")
                            .from("stock_imports", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_stock_imports_pantry")
                            .from("stock_imports", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        db.execute_unprepared("CREATE INDEX ix_stock_imports_created_at ON stock_imports (created_at)").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("stock_imports").to_owned()).await?;
        manager.drop_table(Table::drop().table("stock_movements").to_owned()).await.map(|_| ())
    }
}

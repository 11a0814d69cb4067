//! Stock as the pantry's staff keep it (issue 24 items 4, 5 and 7): the movements every quantity
//! change writes in its own transaction, the stock page's rows (on hand, held by open orders, the
//! last movement), an item's history, the CSV imports kept between preview and Apply, and the
//! limits staff set on an item or on the pantry's order size.
use super::{Store, StoreResult, Write, scopes::lock_stock_scopes};
use crate::{
    db::entity::{
        inventory_item, limit, order, order_item, pantry_item, pantry_location, stock_import, stock_move_key,
        stock_movement,
    },
    domain::{
        Id,
        limits::{LimitScope, LimitType},
        orders::StatusType,
        stock::StockReason,
    },
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
    sea_query::{Expr, Func, LikeExpr},
};
use std::collections::HashMap;

/// One inventory row's quantity change as applied: the caller records it with its cause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moved {
    pub inventory_item_id: Id,
    pub delta: i64,
    pub quantity_after: i64,
}

/// Why stock moved and on whose account: `by` None is the server (the no-show job).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockCause {
    pub reason: StockReason,
    pub by: Option<Id>,
    pub order_id: Option<Id>,
}

/// A recorded movement, with the name of who made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovementRow {
    pub id: i64,
    pub inventory_item_id: Id,
    pub delta: i64,
    pub quantity_after: i64,
    pub reason: StockReason,
    pub by: Option<String>,
    pub order_id: Option<Id>,
    pub at: DateTime<Utc>,
}

/// One stock row of a pantry as the stock page lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct StockRow {
    pub id: Id,
    pub pantry_item_id: Id,
    pub product: String,
    pub quantity: i64,
    pub is_active: bool,
    /// Units on open orders (Submitted, Packing, Ready) not yet handed over.
    pub held: i64,
    /// The low-stock level the pantry set (migration 32).
    pub low_at: Option<i32>,
    pub last: Option<MovementRow>,
    /// The limits set on this stock row (QUANTITY type).
    pub limits: Vec<ItemLimitRow>,
}

/// A limit staff keep on one item or on the pantry's order size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemLimitRow {
    pub id: Id,
    pub value: i64,
    pub every: i64,
    pub scope: LimitScope,
}

/// Where a stock row is and what it holds, for the checks and the audit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockPlace {
    pub id: Id,
    pub pantry_id: Id,
    pub food_bank_id: Id,
    pub product: String,
    pub quantity: i64,
    /// The pantry's zone, its times are read in.
    pub tz: chrono_tz::Tz,
}

/// A kept CSV upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    pub user_id: Id,
    pub pantry_id: Id,
    pub csv: String,
    pub created: DateTime<Utc>,
}

/// The pantry's stock rows with their product names, by name: (id, product id, quantity, active,
/// name).
fn stock_items(pantry_id: Id) -> sea_orm::Select<inventory_item::Entity> {
    inventory_item::Entity::find()
        .filter(inventory_item::Column::PantryLocationId.eq(pantry_id))
        .inner_join(pantry_item::Entity)
        .select_only()
        .columns([
            inventory_item::Column::Id,
            inventory_item::Column::PantryItemId,
            inventory_item::Column::Quantity,
            inventory_item::Column::IsActive,
        ])
        .column(pantry_item::Column::Name)
        .order_by_asc(pantry_item::Column::Name)
        .order_by_asc(inventory_item::Column::Id)
}

const OPEN: [StatusType; 3] = [StatusType::Submitted, StatusType::Packing, StatusType::Ready];

impl Write {
    /// Takes `key` for a stock move of `user_id`'s: false when a committed move already holds it
    /// (the same request again), after waiting for a move holding it that has not committed yet.
    pub async fn claim_stock_move_key(&self, user_id: Id, key: &str, now: DateTime<Utc>) -> StoreResult<bool> {
        use sea_orm::sea_query::OnConflict;
        let row = stock_move_key::ActiveModel { user_id: Set(user_id), key: Set(key.to_owned()), at: Set(now) };
        let inserted = stock_move_key::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([stock_move_key::Column::UserId, stock_move_key::Column::Key])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&self.db)
            .await?;
        Ok(inserted == 1)
    }

    /// Writes one movement per moved row, in the transaction that moved them.
    pub async fn record_movements(&self, moved: &[Moved], cause: StockCause, now: DateTime<Utc>) -> StoreResult<()> {
        let rows: Vec<stock_movement::ActiveModel> = moved
            .iter()
            .filter(|m| m.delta != 0)
            .map(|m| stock_movement::ActiveModel {
                id: NotSet,
                inventory_item_id: Set(m.inventory_item_id),
                delta: Set(i32::try_from(m.delta).unwrap_or(i32::MAX)),
                quantity_after: Set(i32::try_from(m.quantity_after).unwrap_or(i32::MAX)),
                reason: Set(cause.reason.code().to_owned()),
                user_id: Set(cause.by),
                order_id: Set(cause.order_id),
                at: Set(now),
            })
            .collect();
        if rows.is_empty() {
            return Ok(());
        }
        stock_movement::Entity::insert_many(rows).exec_without_returning(&self.db).await?;
        Ok(())
    }

    /// Locks these stock rows until the transaction ends, after their cache scopes (the order every
    /// stock write takes its locks in), and answers their quantities: a recount's change is computed
    /// from a quantity no one else can move before it is written. FOR NO KEY UPDATE, as an order's
    /// own UPDATE of the row locks it: an order holds a key share on the row (its lines' foreign
    /// key) before it reaches the scopes, and FOR UPDATE would wait for it while the order waits
    /// for the scopes this move holds, a deadlock.
    pub async fn lock_stock(&self, ids: &[Id]) -> StoreResult<HashMap<Id, i64>> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        lock_stock_scopes(&self.db, &ids).await?;
        let rows: Vec<(Id, i32)> = inventory_item::Entity::find()
            .filter(inventory_item::Column::Id.is_in(ids))
            .select_only()
            .columns([inventory_item::Column::Id, inventory_item::Column::Quantity])
            .order_by_asc(inventory_item::Column::Id)
            .lock(sea_orm::sea_query::LockType::NoKeyUpdate)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(|(id, q)| (id, i64::from(q))).collect())
    }

    /// Keeps an upload for its preview under `token`, dropping uploads older than `expired`.
    pub async fn keep_import(&self, token: &str, row: ImportRow, expired: DateTime<Utc>) -> StoreResult<()> {
        stock_import::Entity::delete_many().filter(stock_import::Column::CreatedAt.lt(expired)).exec(&self.db).await?;
        stock_import::Entity::insert(stock_import::ActiveModel {
            token: Set(token.to_owned()),
            user_id: Set(row.user_id),
            pantry_location_id: Set(row.pantry_id),
            csv: Set(row.csv),
            created_at: Set(row.created),
        })
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }

    /// Takes the upload out (it applies once); None when it is gone.
    pub async fn take_import(&self, token: &str) -> StoreResult<Option<ImportRow>> {
        let Some(row) = stock_import::Entity::find_by_id(token.to_owned()).lock_exclusive().one(&self.db).await? else {
            return Ok(None);
        };
        stock_import::Entity::delete_by_id(token.to_owned()).exec(&self.db).await?;
        Ok(Some(import_row(row)))
    }

    /// Sets the item's (QUANTITY) limit of `scope`: `value` units every `every` periods. The limit
    /// it replaces, if any.
    pub async fn set_item_limit(
        &self,
        item_id: Id,
        scope: LimitScope,
        value: i64,
        every: i64,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<ItemLimitRow>> {
        let owner = limit::Column::InventoryItemId.eq(item_id);
        self.set_limit(owner, LimitType::Quantity, scope, value, every, now, |m| {
            m.inventory_item_id = Set(Some(item_id))
        })
        .await
    }

    /// Sets the pantry's order-size (ITEM) limit; the one it replaces, if any.
    pub async fn set_order_size_limit(
        &self,
        pantry_id: Id,
        value: i64,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<ItemLimitRow>> {
        let owner = limit::Column::PantryLocationId.eq(pantry_id);
        self.set_limit(owner, LimitType::Item, LimitScope::Order, value, 1, now, |m| {
            m.pantry_location_id = Set(Some(pantry_id))
        })
        .await
    }

    #[allow(clippy::too_many_arguments)]
    async fn set_limit(
        &self,
        owner: sea_orm::sea_query::SimpleExpr,
        kind: LimitType,
        scope: LimitScope,
        value: i64,
        every: i64,
        now: DateTime<Utc>,
        own: impl FnOnce(&mut limit::ActiveModel),
    ) -> StoreResult<Option<ItemLimitRow>> {
        let value = i32::try_from(value).unwrap_or(i32::MAX);
        let every = i32::try_from(every).unwrap_or(i32::MAX);
        let before = limit::Entity::find()
            .filter(owner)
            .filter(limit::Column::LimitTypeCode.eq(kind.code()))
            .filter(limit::Column::TimeScopeCode.eq(scope.code()))
            .order_by_asc(limit::Column::Id)
            .lock_exclusive()
            .one(&self.db)
            .await?;
        match &before {
            Some(b) => {
                limit::Entity::update_many()
                    .col_expr(limit::Column::Value, Expr::value(value))
                    .col_expr(limit::Column::TimeScopeAmount, Expr::value(every))
                    .filter(limit::Column::Id.eq(b.id))
                    .exec(&self.db)
                    .await?;
            }
            None => {
                let mut row = limit::ActiveModel {
                    id: NotSet,
                    value: Set(value),
                    time_scope_amount: Set(every),
                    time_scope_code: Set(scope.code().to_owned()),
                    limit_type_code: Set(kind.code().to_owned()),
                    pantry_item_id: Set(None),
                    inventory_item_id: Set(None),
                    pantry_location_id: Set(None),
                    food_bank_id: Set(None),
                    delivery_program_id: Set(None),
                    created_at: Set(now),
                };
                own(&mut row);
                limit::Entity::insert(row).exec_without_returning(&self.db).await?;
            }
        }
        Ok(before.as_ref().and_then(limit_of))
    }

    /// Deletes the limit `limit_id` if it is this item's or this pantry's order-size limit; the
    /// deleted limit.
    pub async fn delete_staff_limit(
        &self,
        limit_id: Id,
        item_id: Option<Id>,
        pantry_id: Option<Id>,
    ) -> StoreResult<Option<ItemLimitRow>> {
        let mut q = limit::Entity::find_by_id(limit_id);
        q = match (item_id, pantry_id) {
            (Some(item), _) => q
                .filter(limit::Column::InventoryItemId.eq(item))
                .filter(limit::Column::LimitTypeCode.eq(LimitType::Quantity.code())),
            (None, Some(pantry)) => q
                .filter(limit::Column::PantryLocationId.eq(pantry))
                .filter(limit::Column::LimitTypeCode.eq(LimitType::Item.code())),
            (None, None) => return Ok(None),
        };
        let Some(found) = q.one(&self.db).await? else { return Ok(None) };
        limit::Entity::delete_by_id(found.id).exec(&self.db).await?;
        Ok(limit_of(&found))
    }
}

fn import_row(r: stock_import::Model) -> ImportRow {
    ImportRow { user_id: r.user_id, pantry_id: r.pantry_location_id, csv: r.csv, created: r.created_at }
}

fn limit_of(l: &limit::Model) -> Option<ItemLimitRow> {
    Some(ItemLimitRow {
        id: l.id,
        value: i64::from(l.value),
        every: i64::from(Ord::max(l.time_scope_amount, 1)),
        scope: LimitScope::from_code(&l.time_scope_code)?,
    })
}

fn movement(m: stock_movement::Model, names: &HashMap<Id, String>) -> Option<MovementRow> {
    Some(MovementRow {
        id: m.id,
        inventory_item_id: m.inventory_item_id,
        delta: i64::from(m.delta),
        quantity_after: i64::from(m.quantity_after),
        reason: StockReason::from_code(&m.reason)?,
        by: m.user_id.and_then(|u| names.get(&u).cloned()),
        order_id: m.order_id,
        at: m.at,
    })
}

impl<C: ConnectionTrait> Store<C> {
    /// The pantry's stock rows by product name (`only` that item's), each with the units open
    /// orders hold, its last movement and its limits.
    pub async fn stock_rows(&self, pantry_id: Id, only: Option<Id>) -> StoreResult<Vec<StockRow>> {
        let items = stock_items(pantry_id)
            .apply_if(only, |q, id| q.filter(inventory_item::Column::Id.eq(id)))
            .into_tuple()
            .all(&self.db)
            .await?;
        self.stock_rows_of(pantry_id, items).await
    }

    /// One page of the pantry's stock rows by product name, as [`Self::stock_rows`] makes them:
    /// those whose product name contains `search` (any case), `per_page` from the `page`th (from
    /// 1; a page past the last is the last). The database pages and counts, so a large pantry's
    /// page reads only its own rows. The rows, how many match, and the page they are.
    pub async fn stock_page(
        &self,
        pantry_id: Id,
        search: Option<&str>,
        page: u64,
        per_page: u64,
    ) -> StoreResult<(Vec<StockRow>, u64, u64)> {
        let matching = |q: sea_orm::Select<inventory_item::Entity>| match search {
            // Lower case on both sides; `%` and `_` in the search are letters, not wildcards.
            Some(text) => {
                let escaped = text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
                // Here only: its `max` would shadow the integers' below.
                use sea_orm::sea_query::ExprTrait as _;
                let name = Expr::col((pantry_item::Entity, pantry_item::Column::Name));
                q.filter(Expr::expr(Func::lower(name)).like(LikeExpr::new(format!("%{escaped}%")).escape('\\')))
            }
            None => q,
        };
        let total = matching(stock_items(pantry_id)).count(&self.db).await?;
        let pages = total.div_ceil(per_page.max(1)).max(1);
        let page = page.clamp(1, pages);
        let items = matching(stock_items(pantry_id))
            .offset((page - 1) * per_page)
            .limit(per_page)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok((self.stock_rows_of(pantry_id, items).await?, total, page))
    }

    /// The stock rows of `items` (id, product id, quantity, active, product name) of the pantry,
    /// with what open orders hold, their last movements and their limits, read for these rows only.
    async fn stock_rows_of(
        &self,
        pantry_id: Id,
        items: Vec<(Id, Id, i32, bool, String)>,
    ) -> StoreResult<Vec<StockRow>> {
        let c = &self.db;
        if items.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Id> = items.iter().map(|i| i.0).collect();
        // Units still held, summed by the database: a line packed short holds only what was packed.
        let held: HashMap<Id, i64> = order_item::Entity::find()
            .inner_join(order::Entity)
            .filter(order::Column::PantryLocationId.eq(pantry_id))
            .filter(order::Column::StatusTypeId.is_in(OPEN.map(StatusType::id)))
            .filter(order_item::Column::InventoryItemId.is_in(ids.iter().copied()))
            .select_only()
            .column(order_item::Column::InventoryItemId)
            .column_as(Expr::cust("SUM(COALESCE(order_items.packed_quantity, order_items.quantity))"), "held")
            .group_by(order_item::Column::InventoryItemId)
            .into_tuple::<(Id, i64)>()
            .all(c)
            .await?
            .into_iter()
            .collect();
        let low_at: HashMap<Id, Option<i32>> = inventory_item::Entity::find()
            .filter(inventory_item::Column::Id.is_in(ids.iter().copied()))
            .select_only()
            .column(inventory_item::Column::Id)
            .column(inventory_item::Column::LowAt)
            .into_tuple::<(Id, Option<i32>)>()
            .all(c)
            .await?
            .into_iter()
            .collect();
        // The newest movement of each row: the largest id (ids grow with time within a database).
        let last_ids: Vec<Option<i64>> = stock_movement::Entity::find()
            .filter(stock_movement::Column::InventoryItemId.is_in(ids.iter().copied()))
            .select_only()
            .column_as(stock_movement::Column::Id.max(), "id")
            .group_by(stock_movement::Column::InventoryItemId)
            .into_tuple()
            .all(c)
            .await?;
        let last = self.movements_by_id(last_ids.into_iter().flatten().collect()).await?;
        let last: HashMap<Id, MovementRow> = last.into_iter().map(|m| (m.inventory_item_id, m)).collect();
        let mut limits: HashMap<Id, Vec<ItemLimitRow>> = HashMap::new();
        let rows = limit::Entity::find()
            .filter(limit::Column::InventoryItemId.is_in(ids.iter().copied()))
            .filter(limit::Column::LimitTypeCode.eq(LimitType::Quantity.code()))
            .order_by_asc(limit::Column::Id)
            .all(c)
            .await?;
        for l in rows {
            if let (Some(item), Some(row)) = (l.inventory_item_id, limit_of(&l)) {
                limits.entry(item).or_default().push(row);
            }
        }
        Ok(items
            .into_iter()
            .map(|(id, pantry_item_id, quantity, is_active, product)| StockRow {
                id,
                pantry_item_id,
                product,
                quantity: i64::from(quantity),
                is_active,
                held: held.get(&id).copied().unwrap_or(0),
                low_at: low_at.get(&id).copied().flatten(),
                last: last.get(&id).cloned(),
                limits: limits.remove(&id).unwrap_or_default(),
            })
            .collect())
    }

    async fn movements_by_id(&self, ids: Vec<i64>) -> StoreResult<Vec<MovementRow>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows = stock_movement::Entity::find().filter(stock_movement::Column::Id.is_in(ids)).all(&self.db).await?;
        self.with_names(rows).await
    }

    async fn with_names(&self, rows: Vec<stock_movement::Model>) -> StoreResult<Vec<MovementRow>> {
        let names =
            super::staff::orders::display_names(&self.db, rows.iter().filter_map(|m| m.user_id).collect()).await?;
        Ok(rows.into_iter().filter_map(|m| movement(m, &names)).collect())
    }

    /// The item's movements, newest first, at most `limit`.
    pub async fn movements(&self, item_id: Id, limit: u64) -> StoreResult<Vec<MovementRow>> {
        let rows = stock_movement::Entity::find()
            .filter(stock_movement::Column::InventoryItemId.eq(item_id))
            .order_by_desc(stock_movement::Column::At)
            .order_by_desc(stock_movement::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await?;
        self.with_names(rows).await
    }

    /// Where the stock row is (a pantry's; None for delivery stock or no such row).
    pub async fn stock_place(&self, item_id: Id) -> StoreResult<Option<StockPlace>> {
        let row: Option<(Id, Option<Id>, i32, String, Id, String)> = inventory_item::Entity::find_by_id(item_id)
            .inner_join(pantry_item::Entity)
            .inner_join(pantry_location::Entity)
            .select_only()
            .columns([
                inventory_item::Column::Id,
                inventory_item::Column::PantryLocationId,
                inventory_item::Column::Quantity,
            ])
            .column(pantry_item::Column::Name)
            .column(pantry_location::Column::FoodBankId)
            .column(pantry_location::Column::TimeZone)
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(row.and_then(|(id, pantry, quantity, product, food_bank_id, zone)| {
            let tz = super::shopping::parse_tz(&zone);
            Some(StockPlace { id, pantry_id: pantry?, food_bank_id, product, quantity: i64::from(quantity), tz })
        }))
    }

    /// The pantry's food bank; None when there is no such pantry.
    pub async fn pantry_food_bank(&self, pantry_id: Id) -> StoreResult<Option<Id>> {
        Ok(pantry_location::Entity::find_by_id(pantry_id)
            .select_only()
            .column(pantry_location::Column::FoodBankId)
            .into_tuple()
            .one(&self.db)
            .await?)
    }

    /// The pantry's own order-size (ITEM) limits.
    pub async fn pantry_order_size_limits(&self, pantry_id: Id) -> StoreResult<Vec<ItemLimitRow>> {
        let rows = limit::Entity::find()
            .filter(limit::Column::PantryLocationId.eq(pantry_id))
            .filter(limit::Column::LimitTypeCode.eq(LimitType::Item.code()))
            .order_by_asc(limit::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows.iter().filter_map(limit_of).collect())
    }

    /// A kept upload, without taking it (the preview page reads it again).
    pub async fn import(&self, token: &str) -> StoreResult<Option<ImportRow>> {
        Ok(stock_import::Entity::find_by_id(token.to_owned()).one(&self.db).await?.map(import_row))
    }
}

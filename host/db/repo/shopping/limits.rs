//! The limits the shop and Place Order read: those set on a site or its food bank (the shop's
//! items list them as stored; the rules read them as [`Limit`]s), the order limits scoped to their
//! owners, and the past orders they count.
use super::*;

/// A stored limit as the `/limits` calls and the shop's items list it: its codes as stored,
/// kept even when the rules cannot read them (those have no [`Limit`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitRow {
    pub id: Id,
    pub value: i32,
    pub time_scope_amount: i32,
    pub time_scope_code: String,
    pub limit_type_code: String,
}

pub(super) fn limit_row(l: &limit::Model) -> LimitRow {
    LimitRow {
        id: l.id,
        value: l.value,
        time_scope_amount: l.time_scope_amount,
        time_scope_code: l.time_scope_code.clone(),
        limit_type_code: l.limit_type_code.clone(),
    }
}

pub(super) fn limit_domain(l: &limit::Model) -> Option<Limit> {
    Some(Limit {
        value: i64::from(l.value),
        scope_amount: i64::from(l.time_scope_amount),
        scope: LimitScope::from_code(&l.time_scope_code)?,
        kind: LimitKind::from_code(&l.limit_type_code),
    })
}

/// Limits on products and on inventory items, keyed by owner id.
pub(crate) struct ItemLimitRows {
    pub by_product: HashMap<Id, Vec<limit::Model>>,
    pub by_item: HashMap<Id, Vec<limit::Model>>,
}

pub(crate) async fn item_limit_rows<C: ConnectionTrait>(
    conn: &C,
    item_ids: &[Id],
    product_ids: &[Id],
) -> StoreResult<ItemLimitRows> {
    let mut out = ItemLimitRows { by_product: HashMap::new(), by_item: HashMap::new() };
    if item_ids.is_empty() {
        return Ok(out);
    }
    let mut products = product_ids.to_vec();
    products.sort_unstable();
    products.dedup();
    let rows = limit::Entity::find()
        .filter(
            Condition::any()
                .add(limit::Column::InventoryItemId.is_in(item_ids.iter().copied()))
                .add(limit::Column::PantryItemId.is_in(products)),
        )
        .order_by_asc(limit::Column::Id)
        .all(conn)
        .await?;
    out.add(rows);
    Ok(out)
}

impl ItemLimitRows {
    /// Files each row under its item, or else its product.
    pub(crate) fn add(&mut self, rows: impl IntoIterator<Item = limit::Model>) {
        for row in rows {
            if let Some(item) = row.inventory_item_id {
                self.by_item.entry(item).or_default().push(row);
            } else if let Some(product) = row.pantry_item_id {
                self.by_product.entry(product).or_default().push(row);
            }
        }
    }

    fn of_product(&self, product_id: Id) -> impl Iterator<Item = &limit::Model> {
        self.by_product.get(&product_id).into_iter().flatten()
    }

    fn of_item(&self, item_id: Id) -> impl Iterator<Item = &limit::Model> {
        self.by_item.get(&item_id).into_iter().flatten()
    }

    pub(crate) fn product_rows(&self, product_id: Id) -> Vec<LimitRow> {
        self.of_product(product_id).map(limit_row).collect()
    }

    pub(crate) fn item_rows(&self, item_id: Id) -> Vec<LimitRow> {
        self.of_item(item_id).map(limit_row).collect()
    }
}

/// The facts the rules read of one stock row: its product's limits, then its own.
pub(crate) fn inventory_line(
    id: Id,
    pantry_item_id: Id,
    quantity: i32,
    source_code: Option<String>,
    limits: &ItemLimitRows,
) -> InventoryLine {
    InventoryLine {
        id,
        pantry_item_id,
        quantity: i64::from(quantity),
        limits: limits.of_product(pantry_item_id).chain(limits.of_item(id)).filter_map(limit_domain).collect(),
        source_code,
    }
}

/// The ITEM-type (order size) limits among `rows`.
pub(super) fn size_limits(rows: &[limit::Model]) -> Vec<Limit> {
    rows.iter().filter_map(limit_domain).filter(|l| l.kind == LimitKind::Item).collect()
}

/// The ids of the order statuses that count as cancelled: the reference rows' `is_cancelled_type`,
/// which the seed writes from the same domain list, known without a read.
pub(super) fn cancelled_statuses() -> Vec<Id> {
    StatusType::ALL.into_iter().filter(|t| t.status() == OrderStatus::Cancelled).map(StatusType::id).collect()
}

impl<C: ConnectionTrait> Store<C> {
    /// Every limit set on the site or on its food bank (ITEM and ORDER types), in id order.
    async fn limit_models(&self, site: &SiteFacts) -> StoreResult<Vec<limit::Model>> {
        Ok(limit::Entity::find().filter(site.limit_owners()).order_by_asc(limit::Column::Id).all(&self.db).await?)
    }

    /// Every limit set on the site or on its food bank, as stored, in id order.
    pub async fn site_limits(&self, site: &SiteFacts) -> StoreResult<Vec<LimitRow>> {
        Ok(self.limit_models(site).await?.iter().map(limit_row).collect())
    }

    /// The ITEM-type (order size) limits of the site.
    pub async fn order_size_limits(&self, site: &SiteFacts) -> StoreResult<Vec<Limit>> {
        Ok(size_limits(&self.limit_models(site).await?))
    }

    /// The accounts whose orders a limit counts as the user's (issue 49 item 6): every account of
    /// its household (an app account and the phone-only one its phone orders go under), or the
    /// user's alone before its first order gives it a household. `household`: already read.
    pub(super) async fn counted_accounts(&self, user_id: Id, household: Option<Id>) -> StoreResult<Vec<Id>> {
        let household = match household {
            Some(h) => Some(h),
            None => self.household_of(user_id).await?,
        };
        let Some(household) = household else { return Ok(vec![user_id]) };
        let mut accounts: Vec<Id> = user::Entity::find()
            .filter(user::Column::HouseholdId.eq(household))
            .select_only()
            .column(user::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        if !accounts.contains(&user_id) {
            accounts.push(user_id);
        }
        Ok(accounts)
    }

    /// The accounts' non-cancelled orders matching `scope`, by creation time.
    async fn order_times(&self, accounts: &[Id], scope: Condition) -> StoreResult<Vec<DateTime<Utc>>> {
        let rows = order::Entity::find()
            .filter(order::Column::UserId.is_in(accounts.iter().copied()))
            .filter(order::Column::StatusTypeId.is_not_in(cancelled_statuses()))
            .filter(scope)
            .order_by_asc(order::Column::CreatedAt)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(|o| o.created_at).collect())
    }

    /// ORDER-type limits matching `owners`, each with the orders it counts: a pantry's
    /// limit counts orders at that pantry, a food bank's every order there, a delivery
    /// program's the orders in its windows.
    async fn scoped_order_limits(&self, user_id: Id, owners: Condition) -> StoreResult<Vec<ScopedOrderLimit>> {
        let accounts = self.counted_accounts(user_id, None).await?;
        let rows = limit::Entity::find()
            .filter(limit::Column::LimitTypeCode.eq(crate::domain::limits::LimitType::Order.code()))
            .filter(owners)
            .order_by_asc(limit::Column::Id)
            .all(&self.db)
            .await?;
        self.scope_order_limits(&accounts, rows).await
    }

    /// Each of these ORDER-type limit rows with the accounts' orders it counts.
    pub(super) async fn scope_order_limits(
        &self,
        accounts: &[Id],
        rows: Vec<limit::Model>,
    ) -> StoreResult<Vec<ScopedOrderLimit>> {
        let mut out = Vec::new();
        for row in rows {
            let Some(limit) = limit_domain(&row) else { continue };
            let scope = if let Some(p) = row.pantry_location_id {
                Condition::all().add(order::Column::PantryLocationId.eq(p))
            } else if let Some(f) = row.food_bank_id {
                Condition::all().add(order::Column::FoodBankId.eq(f))
            } else if let Some(program) = row.delivery_program_id {
                let windows = delivery_time::Entity::find()
                    .filter(delivery_time::Column::DeliveryProgramId.eq(program))
                    .all(&self.db)
                    .await?
                    .into_iter()
                    .map(|t| t.id);
                Condition::all().add(order::Column::DeliveryTimeId.is_in(windows))
            } else {
                continue;
            };
            out.push(ScopedOrderLimit { limit, orders: self.order_times(accounts, scope).await? });
        }
        Ok(out)
    }

    /// Orders-per-period limits for ordering at the site: the pantry's or the delivery program's,
    /// and its food bank's, each with the user's orders it counts
    /// (`domain::order_limits::check_order_limits` judges them).
    pub async fn order_limits(&self, user_id: Id, site: &SiteFacts) -> StoreResult<Vec<ScopedOrderLimit>> {
        self.scoped_order_limits(user_id, site.limit_owners()).await
    }

    /// Orders-per-period limits of the food bank itself.
    pub async fn food_bank_order_limits(&self, user_id: Id, food_bank_id: Id) -> StoreResult<Vec<ScopedOrderLimit>> {
        self.scoped_order_limits(user_id, Condition::all().add(limit::Column::FoodBankId.eq(food_bank_id))).await
    }

    /// The user's non-cancelled orders at a pantry (`Some`) or a whole food bank, newest first.
    pub async fn limit_orders(
        &self,
        user_id: Id,
        pantry_id: Option<Id>,
        food_bank_id: Option<Id>,
    ) -> StoreResult<Vec<LimitOrderRow>> {
        let mut query = order::Entity::find()
            .filter(order::Column::UserId.eq(user_id))
            .filter(order::Column::StatusTypeId.is_not_in(cancelled_statuses()));
        if let Some(p) = pantry_id {
            query = query.filter(order::Column::PantryLocationId.eq(p));
        }
        if let Some(f) = food_bank_id {
            query = query.filter(order::Column::FoodBankId.eq(f));
        }
        let orders =
            query.order_by_desc(order::Column::CreatedAt).order_by_desc(order::Column::Id).all(&self.db).await?;
        if orders.is_empty() {
            return Ok(Vec::new());
        }
        let mut lines: HashMap<Id, Vec<LimitOrderLine>> = HashMap::new();
        for l in order_item::Entity::find()
            .filter(order_item::Column::OrderId.is_in(orders.iter().map(|o| o.id)))
            .order_by_asc(order_item::Column::Id)
            .all(&self.db)
            .await?
        {
            lines.entry(l.order_id).or_default().push(LimitOrderLine {
                pantry_item_id: l.pantry_item_id,
                inventory_item_id: l.inventory_item_id,
                quantity: l.quantity,
            });
        }
        Ok(orders
            .into_iter()
            .map(|o| LimitOrderRow {
                id: o.id,
                created: o.created_at,
                food_bank_id: o.food_bank_id,
                pantry_location_id: o.pantry_location_id,
                pickup_time_id: o.pickup_time_id,
                delivery_time_id: o.delivery_time_id,
                lines: lines.remove(&o.id).unwrap_or_default(),
            })
            .collect())
    }
}

/// A past order with the ids the app's own limit counting reads (`GET /limits/.../orders`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitOrderRow {
    pub id: Id,
    pub created: DateTime<Utc>,
    pub food_bank_id: Id,
    pub pantry_location_id: Option<Id>,
    pub pickup_time_id: Option<Id>,
    pub delivery_time_id: Option<Id>,
    pub lines: Vec<LimitOrderLine>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitOrderLine {
    pub pantry_item_id: Id,
    pub inventory_item_id: Id,
    pub quantity: i32,
}

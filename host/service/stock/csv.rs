//! The stock's CSV: the export (every item with its quantity and limits), and the import and the
//! stock page's receive-or-count form, which is one: an upload kept for its preview (every row's
//! change and error), then Apply, all or nothing, in one transaction with a movement per row.
use super::*;

/// The export's file name and text: every item of the pantry with its quantity and limits
/// (`value/every/SCOPE`, `;` between two), which imports again as a recount that changes nothing.
pub async fn export_csv(state: &Context, staff: &Caller, pantry: Option<Id>) -> Result<(String, Vec<u8>)> {
    let list = list(state, staff, pantry).await?;
    let mut out = SheetWriter::new();
    out.row(["itemId", "product", "quantity", "held", "limits"])?;
    for i in &list.items {
        let limits: Vec<String> = i.limits.iter().map(|l| format!("{}/{}/{}", l.value, l.every, l.scope)).collect();
        out.row([i.id.to_string(), i.product.clone(), i.on_hand.to_string(), i.held.to_string(), limits.join(";")])?;
    }
    let body = out.finish()?;
    Ok((format!("stock-{}.csv", list.pantry_id), body))
}

/// One parsed CSV row, before it meets the stock.
#[derive(Debug, Clone, PartialEq, Eq)]
struct CsvRow {
    line: u64,
    item_id: Option<std::result::Result<Id, ()>>,
    product: Option<String>,
    quantity: Option<std::result::Result<i64, ()>>,
    received: Option<std::result::Result<i64, ()>>,
    unreadable: bool,
}

/// The columns a file names, by their lower-cased names without spaces, `_` or `-`.
struct Columns {
    item_id: Option<usize>,
    product: Option<usize>,
    quantity: Option<usize>,
    received: Option<usize>,
}

fn not_csv() -> Error {
    Error::refused(&messages::IMPORT_NOT_CSV)
}

/// Reads the file's rows; a file that is not text, or whose header names no item column or no
/// number column, is not a CSV of items.
fn parse_csv(bytes: &[u8]) -> Result<Vec<CsvRow>> {
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(Error::refused(&messages::IMPORT_TOO_LARGE));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| not_csv())?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.contains('\0') {
        return Err(not_csv());
    }
    let mut reader = ::csv::ReaderBuilder::new().flexible(true).trim(::csv::Trim::All).from_reader(text.as_bytes());
    let header = reader.headers().map_err(|_| not_csv())?.clone();
    let find = |names: &[&str]| {
        header.iter().position(|h| {
            let h: String = h.chars().filter(|c| !matches!(c, ' ' | '_' | '-')).collect::<String>().to_lowercase();
            names.contains(&h.as_str())
        })
    };
    let cols = Columns {
        item_id: find(&["itemid", "id", "inventoryitemid"]),
        product: find(&["product", "name", "item"]),
        quantity: find(&["quantity", "onhand", "count"]),
        received: find(&["received"]),
    };
    if (cols.item_id.is_none() && cols.product.is_none()) || (cols.quantity.is_none() && cols.received.is_none()) {
        return Err(not_csv());
    }
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                rows.push(CsvRow {
                    line,
                    item_id: None,
                    product: None,
                    quantity: None,
                    received: None,
                    unreadable: true,
                });
                continue;
            }
        };
        if record.iter().all(str::is_empty) {
            continue;
        }
        // Our own export guards a name a spreadsheet would run; it reads back as typed.
        let cell = |i: Option<usize>| i.and_then(|i| record.get(i)).map(sheet::uncell).filter(|v| !v.is_empty());
        let number = |i| cell(i).map(|v: &str| v.parse::<i64>().map_err(|_| ()));
        rows.push(CsvRow {
            line: record.position().map_or(0, |p| p.line()),
            item_id: number(cols.item_id),
            product: cell(cols.product).map(str::to_owned),
            quantity: number(cols.quantity),
            received: number(cols.received),
            unreadable: false,
        });
    }
    Ok(rows)
}

/// What one row does to an item: its new count (recount) or the units received.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Change {
    item_id: Id,
    entry: StockEntry,
}

/// Each row's change against the pantry's items (`on_hand` by id, products by name), or its
/// refusal: unknown item, bad number, an item already on an earlier row, or an unreadable row.
fn plan(rows: &[CsvRow], items: &[StockRow]) -> Vec<(u64, std::result::Result<Change, &'static RefusalKind>)> {
    let by_id: HashMap<Id, &StockRow> = items.iter().map(|r| (r.id, r)).collect();
    let mut by_name: HashMap<String, Vec<Id>> = HashMap::new();
    for r in items {
        by_name.entry(r.product.trim().to_lowercase()).or_default().push(r.id);
    }
    let mut seen = HashSet::new();
    rows.iter()
        .map(|row| {
            let change = (|| {
                if row.unreadable {
                    return Err(&messages::IMPORT_BAD_ROW);
                }
                let item_id = match (&row.item_id, &row.product) {
                    (Some(Ok(id)), _) => by_id.get(id).map(|r| r.id),
                    (Some(Err(())), _) => None,
                    (None, Some(name)) => match by_name.get(&name.trim().to_lowercase()).map(Vec::as_slice) {
                        Some([one]) => Some(*one),
                        _ => None,
                    },
                    (None, None) => None,
                };
                let item_id = item_id.ok_or(&messages::IMPORT_UNKNOWN_ITEM)?;
                let entry = match (row.quantity, row.received) {
                    (Some(Ok(n)), None) if (0..=MAX_UNITS).contains(&n) => {
                        StockEntry { reason: StockReason::Recount, units: n }
                    }
                    (None, Some(Ok(n))) if (1..=MAX_UNITS).contains(&n) => {
                        StockEntry { reason: StockReason::Received, units: n }
                    }
                    _ => return Err(&messages::IMPORT_BAD_NUMBER),
                };
                if !seen.insert(item_id) {
                    return Err(&messages::IMPORT_DUPLICATE_ROW);
                }
                Ok(Change { item_id, entry })
            })();
            (row.line, change)
        })
        .collect()
}

fn preview_of(token: String, pantry_id: Id, rows: &[CsvRow], items: &[StockRow]) -> ImportPreview {
    let by_id: HashMap<Id, &StockRow> = items.iter().map(|r| (r.id, r)).collect();
    let (mut errors, mut changes) = (0, 0);
    let rows = plan(rows, items)
        .into_iter()
        .map(|(line, change)| match change {
            Ok(c) => {
                let item = by_id[&c.item_id];
                let after = item.quantity + c.entry.delta(item.quantity).unwrap_or(0);
                if after != item.quantity {
                    changes += 1;
                }
                ImportPreviewRow {
                    line,
                    item_id: Some(c.item_id),
                    product: Some(item.product.clone()),
                    before: Some(item.quantity),
                    after: Some(after),
                    reason: Some(c.entry.reason),
                    error: None,
                    error_message: None,
                }
            }
            Err(kind) => {
                errors += 1;
                ImportPreviewRow {
                    line,
                    item_id: None,
                    product: None,
                    before: None,
                    after: None,
                    reason: None,
                    error: Some(kind.code.to_owned()),
                    error_message: Some(kind.english.to_owned()),
                }
            }
        })
        .collect();
    ImportPreview { token, pantry_id, rows, errors, changes }
}

/// Keeps an upload and answers its preview: every row's change and every row's error. Nothing is
/// applied until [`apply`] with the preview's token.
pub async fn upload(state: &Context, staff: &Caller, pantry: Id, bytes: &[u8]) -> Result<ImportPreview> {
    let ((pantry_id, _), _) = pantry_of(state, staff, Some(pantry)).await?;
    let rows = parse_csv(bytes)?;
    let items = state.store.stock_rows(pantry_id, None).await?;
    let token = format!("{:032x}", rand::random::<u128>());
    let now = state.clock.now();
    let csv = String::from_utf8_lossy(bytes).into_owned();
    let kept = ImportRow { user_id: staff.user_id, pantry_id, csv, created: now };
    let (token, kept) = (&token, &kept);
    state.store.write(|txn| async move { txn.keep_import(token, kept.clone(), now - IMPORT_KEPT).await }).await?;
    Ok(preview_of(token.clone(), pantry_id, &rows, &items))
}

/// The caller's kept upload; gone (expired, applied, another's) is NotFound.
fn own_import(row: Option<ImportRow>, staff: &Caller, now: DateTime<Utc>) -> Result<ImportRow> {
    row.filter(|r| r.user_id == staff.user_id && staff.reach.has_pantry(r.pantry_id) && r.created > now - IMPORT_KEPT)
        .ok_or_else(|| Error::not_found(&messages::IMPORT_GONE))
}

/// The preview of a kept upload, against the stock as it is now.
pub async fn preview(state: &Context, staff: &Caller, token: &str) -> Result<ImportPreview> {
    let row = own_import(state.store.import(token).await?, staff, state.clock.now())?;
    let rows = parse_csv(row.csv.as_bytes())?;
    let items = state.store.stock_rows(row.pantry_id, None).await?;
    Ok(preview_of(token.to_owned(), row.pantry_id, &rows, &items))
}

/// Applies the kept upload `token`, all or nothing, in one transaction: each row's recount or
/// receipt as a movement, and one audit entry. A file with any error applies nothing.
pub async fn apply(state: &Context, staff: &Caller, token: &str) -> Result<ImportApplied> {
    let now = state.clock.now();
    state.store.write(|txn| async move { apply_in(state, &txn, staff, token, now).await }).await
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ImportAudit {
    rows: usize,
    quantities: BTreeMap<Id, i64>,
}

async fn apply_in(
    state: &Context,
    txn: &Write,
    staff: &Caller,
    token: &str,
    now: DateTime<Utc>,
) -> Result<ImportApplied> {
    let row = own_import(txn.take_import(token).await?, staff, now)?;
    let rows = parse_csv(row.csv.as_bytes())?;
    let items = txn.stock_rows(row.pantry_id, None).await?;
    let planned = plan(&rows, &items);
    if planned.iter().any(|(_, c)| c.is_err()) {
        return Err(Error::refused(&messages::IMPORT_HAS_ERRORS));
    }
    let changes: Vec<Change> = planned.into_iter().filter_map(|(_, c)| c.ok()).collect();
    let on_hand = txn.lock_stock(&changes.iter().map(|c| c.item_id).collect::<Vec<_>>()).await?;
    let mut by_reason: HashMap<StockReason, BTreeMap<Id, i64>> = HashMap::new();
    let (mut before, mut after) = (BTreeMap::new(), BTreeMap::new());
    for c in &changes {
        let now_held = on_hand.get(&c.item_id).copied().ok_or_else(item_not_found)?;
        let delta = c.entry.delta(now_held).map_err(|_| Error::refused(&messages::IMPORT_HAS_ERRORS))?;
        before.insert(c.item_id, now_held);
        after.insert(c.item_id, now_held + delta);
        by_reason.entry(c.entry.reason).or_default().insert(c.item_id, delta);
    }
    let mut changed = 0;
    for reason in [StockReason::Recount, StockReason::Received] {
        let Some(deltas) = by_reason.get(&reason) else { continue };
        let cause = StockCause { reason, by: Some(staff.user_id), order_id: None };
        changed += move_and_record(txn, deltas, cause, "csv", now).await?.len();
    }
    let food_bank = state.store.pantry_food_bank(row.pantry_id).await?.ok_or_else(item_not_found)?;
    let audit = |quantities| ImportAudit { rows: changes.len(), quantities };
    let entry = AuditEntry::change(
        staff.user_id,
        (food_bank, Some(row.pantry_id)),
        AuditAction::StockImport,
        format!("pantry:{}", row.pantry_id),
        Some(&audit(before)),
        Some(&audit(after)),
    );
    txn.audit(entry, now).await?;
    Ok(ImportApplied { pantry_id: row.pantry_id, changed })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stock(id: Id, product: &str, quantity: i64) -> StockRow {
        StockRow {
            id,
            pantry_item_id: id * 10,
            product: product.into(),
            quantity,
            is_active: true,
            held: 0,
            low_at: None,
            last: None,
            limits: Vec::new(),
        }
    }

    fn codes(csv: &str, items: &[StockRow]) -> Vec<Option<&'static str>> {
        plan(&parse_csv(csv.as_bytes()).unwrap(), items).into_iter().map(|(_, c)| c.err().map(|k| k.code)).collect()
    }

    #[test]
    fn every_row_gets_its_change_or_its_error() {
        let items = [stock(1, "Rice", 5), stock(2, "Beans", 0)];
        let csv = "itemId,product,quantity,received\n1,,9,\n,beans,,4\n7,,3,\n2,,x,\n1,,2,\n\n,Rice,-1,\n";
        assert_eq!(
            codes(csv, &items),
            vec![
                None,
                None,
                Some("importUnknownItem"),
                Some("importBadNumber"),
                Some("importDuplicateRow"),
                Some("importBadNumber"),
            ]
        );
        let preview = preview_of("t".into(), 3, &parse_csv(csv.as_bytes()).unwrap(), &items);
        assert_eq!(preview.rows[0].after, Some(9));
        assert_eq!(preview.rows[1].after, Some(4));
        assert_eq!((preview.errors, preview.changes), (4, 2));
        assert_eq!(preview.rows[2].line, 4, "lines count from the header's 1");
    }

    #[test]
    fn files_that_are_not_csv_of_items_or_too_large_are_refused() {
        let refused = |bytes: &[u8]| match parse_csv(bytes) {
            Err(Error::Refused { refusal, .. }) => refusal.code().to_owned(),
            other => panic!("{other:?}"),
        };
        assert_eq!(refused(b"\x89PNG\r\n\x1a\n\0\0"), "importNotCsv");
        assert_eq!(refused(b"name,colour\nRice,white\n"), "importNotCsv");
        assert_eq!(refused(&vec![b'a'; MAX_IMPORT_BYTES + 1]), "importTooLarge");
        assert!(parse_csv("\u{feff}Item ID;x\n".as_bytes()).is_err(), "one column named nothing we read");
    }
}

//! The API's vocabulary: serialisable shapes of spec §3, in its field names.
//! The repository fills them; handlers and the pages' loaders send them.
pub mod reference;

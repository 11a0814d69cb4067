//! The staff wing of the services: who a caller is as staff (`caller`), and one module per part
//! of the console's work, each owning its write transactions.
pub mod accounts;
pub mod audit;
pub mod caller;
pub mod codes;
pub mod console;
pub mod content;
pub mod items;
pub mod looks;
pub mod pantries;
pub mod queue;
pub mod rules;
pub mod team;

pub use caller::{Staff, Who};

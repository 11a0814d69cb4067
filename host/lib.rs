//! OrderAhead: the Axum host that renders the React app on the server and
//! serves the API it calls.
//!
//! Only what the binary, the integration tests and the benches use is public; the rest is
//! crate-private, so rustc reports code nothing calls.
pub mod api;
pub mod backup;
pub mod catalog;
pub mod config;
pub mod connections;
pub mod db;
pub mod domain;
pub mod geo;
pub mod geocoder;
pub mod http;
pub mod infra;
pub mod mail;
pub mod model;
mod pages;
mod private_files;
pub mod render;
pub mod server;
mod service;
pub mod sms;
pub use service::{outbox::send_outbox, staff::accounts::add_staff};
pub mod state;

//! OrderAhead: the Axum host that renders the React app on the server and
//! serves the API it calls.
pub mod api;
pub mod catalog;
pub mod config;
pub mod db;
pub mod domain;
pub mod geo;
pub mod http;
pub mod mail;
pub mod model;
pub mod pages;
pub mod private_files;
pub mod render;
pub mod server;
pub mod service;
pub mod state;
